import { w, type Lexicon } from './kit';

export const pt: Lexicon = {
  topics: {
    tech: { label: 'tecnologia', nouns: w('a nova atualização|este notebook|o modo escuro|meu servidor caseiro|a versão beta|o código aberto|o celular novo'), lines: w('Subimos a versão às 2 da manhã e tudo continua funcionando.|Reinstalei tudo e o computador parece novo.|O melhor código é aquele que você nunca precisou escrever.'), tags: w('#tecnologia|#programação|#opensource|#tech') },
    ai: { label: 'IA', nouns: w('o novo modelo|a engenharia de prompt|essa demo de IA|os modelos locais|o benchmark|os agentes de IA'), lines: w('Toda demo é incrível até você testar com dados reais.|Rodando um modelo pequeno no notebook e está surpreendentemente rápido.|Avaliar é a parte mais difícil de construir com IA.'), tags: w('#IA|#InteligênciaArtificial|#AI|#MachineLearning') },
    food: { label: 'comida', nouns: w('o pão de fermentação natural|a feijoada de sábado|o pastel de feira|o brunch de domingo|essa receita de massa|o café coado|o pão de queijo'), lines: w('Fiz pão de fermentação natural pela primeira vez e cresceu.|Nada como pastel de feira num domingo.|Cozinhei para oito pessoas e ainda sobrou.'), tags: w('#comida|#receita|#foodie|#café') },
    football: { label: 'futebol', nouns: w('o clássico|aquele gol no último minuto|a janela de transferências|o nosso meio-campo|o novo reforço|o árbitro|o Brasileirão'), lines: w('Que final de jogo, ainda estou tremendo.|Três pontos são três pontos, seguimos.|Foi pênalti claro e todo mundo viu.'), tags: w('#futebol|#Brasileirão|#Libertadores|#clássico') },
    music: { label: 'música', nouns: w('o novo álbum|essa playlist|o show de ontem|os discos de vinil|a banda de abertura|a turnê de reencontro'), lines: w('Esse álbum está no repeat a semana toda.|Vi o show ontem e meus ouvidos ainda estão zumbindo.|Nada como uma boa playlist numa viagem longa.'), tags: w('#música|#NowPlaying|#show|#vinil') },
    travel: { label: 'viagens', nouns: w('o trem noturno|uma vila de praia|a cidade velha|esse hostel|a estrada da costa|uma escala com chuva'), lines: w('Perdi a conexão e acabei achando o melhor café da cidade.|Viajar leve é algo que ainda não aprendi.|Acordei com essa vista e não vou mais voltar.'), tags: w('#viagem|#viajar|#travel|#férias') },
    climate: { label: 'clima', nouns: w('a onda de calor|os painéis solares|a ciclovia|o relatório do clima|o transporte público|o mutirão de limpeza'), lines: w('Mais um junho recorde de calor e ninguém se surpreende.|Finalmente fizeram ciclovia na minha rua.|Mutirão no rio hoje cedo: quarenta sacos de lixo.'), tags: w('#clima|#MudançasClimáticas|#sustentabilidade|#energialimpa') },
    gaming: { label: 'games', nouns: w('o novo patch|esse chefão|o speedrun|o modo cooperativo|o jogo indie|minha lista de pendentes'), lines: w('Zerei o chefão de primeira e não vou parar de falar disso.|Só mais uma partida, eu disse, quatro horas atrás.|Os jogos indie deste ano estão incríveis.'), tags: w('#games|#gaming|#indiegame|#gamer') },
    film: { label: 'cinema', nouns: w('a continuação|esse documentário|a trilha sonora|o festival de cinema|o trailer|a reviravolta final'), lines: w('Não esperava essa reviravolta de jeito nenhum.|Só a fotografia já vale o ingresso.|O livro era melhor, como sempre.'), tags: w('#cinema|#filmes|#séries|#filme') },
    space: { label: 'espaço', nouns: w('o lançamento do foguete|as novas imagens do telescópio|a missão à Lua|o rover de Marte|a chuva de meteoros|o eclipse solar'), lines: w('Vi o lançamento ao vivo e fiquei arrepiado.|Essas imagens do telescópio nem parecem reais.|Céu limpo hoje, perfeito para a chuva de meteoros.'), tags: w('#espaço|#astronomia|#NASA|#ciência') },
    markets: { label: 'mercado', nouns: w('a taxa de juros|o fundo de índice|essa startup|o mercado imobiliário|a inflação|o balanço trimestral'), lines: w('A bolsa sobe e minha carteira, não sei como, não.|Os fundos de índice sem graça continuam ganhando.|Todo mundo é especialista até sair o balanço.'), tags: w('#mercado|#investimentos|#bolsa|#economia') },
    fitness: { label: 'treino', nouns: w('o dia de perna|minha primeira meia maratona|a corrida da manhã|a academia nova|um dia de descanso|a aula de yoga'), lines: w('Corri minha primeira meia maratona e não sinto as pernas.|Correr de manhã com sol é outra coisa.|Novo recorde pessoal no levantamento terra hoje.'), tags: w('#fitness|#corrida|#treino|#maratona') },
    books: { label: 'livros', nouns: w('esse romance|a biblioteca|minha lista de leitura|o audiolivro|o novo livro da autora|um sebo'), lines: w('Fiquei acordada até as 3 para terminar esse livro.|Minha lista de leitura cresce mais rápido do que eu leio.|Achei uma primeira edição num sebo por dois reais.'), tags: w('#livros|#leitura|#ler|#booktwitter') },
    pets: { label: 'pets', nouns: w('minha gata|o filhote novo|o parcão|nosso cachorro adotado|a ida ao veterinário|os vídeos de gato'), lines: w('Minha gata decidiu que o teclado é a cama dela.|Adotamos um cachorro hoje e ele já manda na casa.|Ele roubou um sanduíche inteiro e não se arrepende de nada.'), tags: w('#cachorros|#gatos|#pets|#AdoteNãoCompre') },
  },
  templates: w(
    'Sinceramente, {n}: melhor do que eu esperava.|O que vocês acham sobre {n}?|Opinião impopular: não entendo o hype com {n}.|O fim de semana inteiro com {n} e zero arrependimentos.|Hoje experimentei {n} pela primeira vez.|O que salvou o meu dia: {n}.|A cada ano eu gosto mais: {n}.|Fio rápido sobre {n} 🧵|Todo mundo só fala disso hoje: {n}.|Quem mais está animado com {n}?|Ainda não sei o que acho sobre {n}.|O melhor da semana: {n} e {m}.',
  ),
  openers: w('Então,|Sinceramente,|Atualização:|Lembrete:|Curiosidade:|Gente,'),
  closers: w('O que vocês acham?|🔥|😂|🙌|👀|❤️|Recomendo.|É isso.'),
  replies: w('Concordo totalmente.|Era exatamente isso que eu ia dizer.|Não tenho tanta certeza.|Amei!|Fonte?|Obrigado por compartilhar.|Ri demais com isso.|Parabéns!|Sério?|Falou tudo.'),
  quotes: w('Isso 👇|Vale a leitura.|Exatamente o que eu disse ontem.|Todo mundo deveria ver isso.|Salvando para depois.'),
  linkIntros: w('Mais aqui:|Matéria completa:|Escrevi sobre isso aqui:|Link:'),
  alt: 'Foto: {n}',
  roles: w('Engenheira de software|Designer|Jornalista|Estudante|Fotógrafa|Professor|Escritora|Cientista de dados|Enfermeiro|Cozinheiro'),
  bios: w('{role}. {t1} e {t2}. Opiniões próprias.|{role} · falo sobre {t1} e {t2}|{t1}, {t2} e café demais ☕|{role} · {t1} · {t2}'),
  orgBios: w('Notícias diárias sobre {t1}.|O melhor de {t1} e {t2}, todo dia.|Conta oficial. Novidades sobre {t1}.'),
  orgNames: w('{T} Hoje|Portal {T}|{T} em Foco|Mundo {T}'),
  space: ' ',
};
