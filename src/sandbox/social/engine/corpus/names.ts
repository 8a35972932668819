import type { Lang } from './types';

const w = (s: string) => s.split('|');

/** First and last names per language; Japanese ones come with their romanization for handles. */
export const NAMES: Record<Lang, { first: string[]; last: string[]; firstRoman?: string[]; lastRoman?: string[] }> = {
  en: {
    first: w('James|Olivia|Liam|Emma|Noah|Ava|Ethan|Mia|Lucas|Chloe|Ryan|Grace|Daniel|Zoe|Sam|Hannah|Jack|Priya|Marcus|Aisha|Tom|Nina|Kevin|Rachel'),
    last: w('Smith|Johnson|Brown|Taylor|Walker|Patel|Nguyen|Kim|Harris|Clarke|Bennett|Reed|Carter|Lewis|Murphy|Evans|Turner|Price|Wright|Hughes|Okafor|Chen'),
  },
  es: {
    first: w('María|José|Lucía|Carlos|Sofía|Javier|Valentina|Diego|Camila|Andrés|Isabel|Pablo|Elena|Mateo|Carmen|Alejandro|Paula|Miguel|Daniela|Raúl'),
    last: w('García|Rodríguez|López|Martínez|Sánchez|Pérez|Gómez|Fernández|Díaz|Torres|Ruiz|Romero|Navarro|Morales|Castro|Ortega|Vargas|Herrera|Medina|Silva'),
  },
  fr: {
    first: w('Camille|Louis|Léa|Hugo|Chloé|Jules|Manon|Arthur|Inès|Gabriel|Juliette|Théo|Clara|Raphaël|Sarah|Maxime|Élise|Antoine|Margaux|Nicolas'),
    last: w('Martin|Bernard|Dubois|Thomas|Robert|Richard|Petit|Durand|Leroy|Moreau|Simon|Laurent|Lefebvre|Michel|Garnier|Faure|Rousseau|Blanc|Fontaine|Chevalier'),
  },
  de: {
    first: w('Lukas|Anna|Felix|Lena|Jonas|Laura|Leon|Marie|Paul|Sophie|Maximilian|Julia|Tim|Lea|Finn|Katharina|Jan|Hannah|Moritz|Clara'),
    last: w('Müller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Schulz|Hoffmann|Koch|Richter|Klein|Wolf|Schröder|Neumann|Schwarz|Braun|Zimmermann|Hartmann'),
  },
  pt: {
    first: w('João|Ana|Pedro|Beatriz|Lucas|Mariana|Gabriel|Juliana|Rafael|Larissa|Thiago|Camila|Bruno|Fernanda|Felipe|Letícia|Gustavo|Amanda|Rodrigo|Carolina'),
    last: w('Silva|Santos|Oliveira|Souza|Pereira|Costa|Rodrigues|Almeida|Nascimento|Lima|Araújo|Fernandes|Carvalho|Gomes|Martins|Rocha|Ribeiro|Alves|Monteiro|Mendes'),
  },
  ja: {
    first: w('翔太|陽菜|大輝|結衣|蓮|美咲|健太|さくら|悠真|葵|拓海|彩|直樹|真央|亮|優子'),
    firstRoman: w('shota|hina|daiki|yui|ren|misaki|kenta|sakura|yuma|aoi|takumi|aya|naoki|mao|ryo|yuko'),
    last: w('佐藤|鈴木|高橋|田中|伊藤|渡辺|山本|中村|小林|加藤|吉田|山田|松本|井上|木村|清水'),
    lastRoman: w('sato|suzuki|takahashi|tanaka|ito|watanabe|yamamoto|nakamura|kobayashi|kato|yoshida|yamada|matsumoto|inoue|kimura|shimizu'),
  },
};

export const CITIES: Record<Lang, string[]> = {
  en: w('London|New York, NY|San Francisco, CA|Austin, TX|Toronto|Sydney|Manchester|Dublin|Chicago, IL|Seattle, WA|Melbourne|Edinburgh|Boston, MA|Vancouver, BC|Lagos|Bangalore'),
  es: w('Madrid|Barcelona|Ciudad de México|Buenos Aires|Bogotá|Sevilla|Valencia|Lima|Santiago de Chile|Montevideo'),
  fr: w('Paris|Lyon|Marseille|Bordeaux|Montréal|Bruxelles|Toulouse|Nantes|Lille|Genève'),
  de: w('Berlin|München|Hamburg|Köln|Wien|Zürich|Leipzig|Frankfurt am Main|Stuttgart|Dresden'),
  pt: w('São Paulo|Rio de Janeiro|Lisboa|Porto|Belo Horizonte|Curitiba|Recife|Porto Alegre|Salvador|Brasília'),
  ja: w('東京|大阪|京都|横浜|福岡|札幌|名古屋|神戸|仙台|沖縄'),
};

/** Handle pieces for themed accounts ("coffee_coder", "paris_runner"). */
export const HANDLE_WORDS = w('coder|runner|foodie|gamer|reader|traveler|dev|photo|news|daily|hq|fan|lab|notes|life|writes');

/** Lower-case ASCII for handles: accents dropped, anything else removed. */
export const asciiHandle = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9_]/g, '');
