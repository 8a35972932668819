import { w, type Lexicon } from './kit';

/** Nouns are nominative singular; every template puts them where the nominative fits. */
export const de: Lexicon = {
  topics: {
    tech: { label: 'Technik', nouns: w('das neue Update|der neue Laptop|der Dark Mode|mein Homeserver|die Beta|Open Source|das neue Handy'), lines: w('Release um 2 Uhr nachts ausgerollt und alles läuft noch.|Alles neu installiert und der Rechner fühlt sich wie neu an.|Der beste Code ist der, den man nie schreiben musste.|Eine Stunde Debugging wegen eines Tippfehlers. Klassiker.'), tags: w('#Technik|#OpenSource|#Entwickler|#tech') },
    ai: { label: 'KI', nouns: w('das neue Modell|Prompt Engineering|die KI-Demo|das lokale Sprachmodell|der Benchmark|der KI-Agent'), lines: w('Jede Demo ist beeindruckend, bis man echte Daten nimmt.|Ein kleines Modell auf dem Laptop, und es ist erstaunlich schnell.|Die Evaluation ist der schwierigste Teil.'), tags: w('#KI|#KünstlicheIntelligenz|#AI|#MachineLearning') },
    food: { label: 'Essen', nouns: w('das Sauerteigbrot|die Bäckerei um die Ecke|das Pasta-Rezept|der Sonntagsbrunch|das Streetfood-Festival|der Filterkaffee'), lines: w('Zum ersten Mal Sauerteigbrot gebacken und es ist aufgegangen.|Nichts geht über eine frische Brezel am Morgen.|Für acht Leute gekocht und keiner ist hungrig geblieben.'), tags: w('#Essen|#Rezept|#Foodie|#Kaffee') },
    football: { label: 'Fußball', nouns: w('das Derby|das Tor in der Nachspielzeit|das Transferfenster|der Neuzugang|der Schiedsrichter|das Mittelfeld|der Meisterschaftskampf'), lines: w('Was für ein Finale, ich zittere immer noch.|Drei Punkte sind drei Punkte, weiter geht’s.|Das war ein klarer Elfmeter.|Beste Stimmung, die ich je im Stadion erlebt habe.'), tags: w('#Fußball|#Bundesliga|#ChampionsLeague|#Derby') },
    music: { label: 'Musik', nouns: w('das neue Album|die Playlist|das Konzert gestern|die Vinylsammlung|die Vorband|die Reunion-Tour'), lines: w('Das Album läuft seit einer Woche in Dauerschleife.|Gestern live gesehen, die Ohren klingeln immer noch.|Nichts geht über eine gute Playlist auf langen Fahrten.'), tags: w('#Musik|#NowPlaying|#Konzert|#Vinyl') },
    travel: { label: 'Reisen', nouns: w('der Nachtzug|das kleine Küstendorf|die Altstadt|das Hostel|die Küstenstraße|der verregnete Umstieg'), lines: w('Anschluss verpasst und dabei das beste Café der Stadt gefunden.|Leichtes Gepäck habe ich immer noch nicht gelernt.|Mit diesem Ausblick aufgewacht, ich fahre nie wieder heim.'), tags: w('#Reisen|#Urlaub|#Fernweh|#travel') },
    climate: { label: 'Klima', nouns: w('die Hitzewelle|die Solaranlage|der neue Radweg|der Klimabericht|die Wärmepumpe|der Nahverkehr'), lines: w('Wieder ein Rekord-Juni und niemand ist überrascht.|Endlich ein Radweg in unserer Straße, das ändert alles.|Heute Morgen am Fluss Müll gesammelt: vierzig Säcke.'), tags: w('#Klima|#Klimaschutz|#Nachhaltigkeit|#Energiewende') },
    gaming: { label: 'Games', nouns: w('der neue Patch|der Endboss|der Speedrun|der Koop-Modus|das Indie-Spiel|der Pile of Shame'), lines: w('Endboss beim ersten Versuch besiegt, davon erzähle ich noch lange.|Nur noch eine Runde, habe ich vor vier Stunden gesagt.|Die Indie-Spiele dieses Jahr sind großartig.'), tags: w('#Gaming|#IndieGame|#Gamer|#Speedrun') },
    film: { label: 'Filme', nouns: w('die Fortsetzung|die Doku|der Soundtrack|die Berlinale|der Trailer|die Schlusswendung'), lines: w('Mit dieser Wendung habe ich überhaupt nicht gerechnet.|Allein die Kamera ist das Ticket wert.|Das Buch war besser, wie immer.'), tags: w('#Film|#Kino|#Serien|#Berlinale') },
    space: { label: 'Raumfahrt', nouns: w('der Raketenstart|das neue Teleskopbild|die Mondmission|der Marsrover|der Sternschnuppenregen|die Sonnenfinsternis'), lines: w('Den Start live gesehen und Gänsehaut bekommen.|Diese Teleskopbilder sehen nicht echt aus.|Klarer Himmel heute Nacht, perfekt für Sternschnuppen.'), tags: w('#Raumfahrt|#Astronomie|#ESA|#Wissenschaft') },
    markets: { label: 'Börse', nouns: w('der Leitzins|der ETF-Sparplan|das Start-up|der Immobilienmarkt|die Inflation|der Quartalsbericht'), lines: w('Die Märkte steigen, mein Depot irgendwie nicht.|Langweilige ETFs gewinnen einfach weiter.|Alle sind Experten bis zum Quartalsbericht.'), tags: w('#Börse|#Aktien|#ETF|#Wirtschaft') },
    fitness: { label: 'Sport', nouns: w('der Beintag|mein erster Halbmarathon|der Morgenlauf|das neue Fitnessstudio|ein Ruhetag|der Yogakurs'), lines: w('Erster Halbmarathon geschafft und ich spüre meine Beine nicht mehr.|Morgens in der Sonne laufen ist einfach etwas anderes.|Neue Bestleistung beim Kreuzheben heute.'), tags: w('#Sport|#Laufen|#Fitness|#Marathon') },
    books: { label: 'Bücher', nouns: w('der neue Roman|die Stadtbibliothek|meine Leseliste|das Hörbuch|das neue Buch der Autorin|das Antiquariat'), lines: w('Bis 3 Uhr wach geblieben, um das Buch zu beenden.|Meine Leseliste wächst schneller, als ich lese.|Erstausgabe im Antiquariat für zwei Euro gefunden.'), tags: w('#Bücher|#Lesen|#Roman|#Buchtipp') },
    pets: { label: 'Haustiere', nouns: w('meine Katze|der neue Welpe|die Hundewiese|unser Tierschutzhund|der Tierarztbesuch|das Katzenvideo'), lines: w('Meine Katze hat beschlossen, dass die Tastatur ihr Bett ist.|Heute einen Hund adoptiert und er ist schon der Chef.|Er hat ein ganzes Brötchen geklaut und bereut nichts.'), tags: w('#Hunde|#Katzen|#Haustiere|#Tierschutz') },
  },
  templates: w(
    'Ehrlich gesagt: {n} ist besser als gedacht.|Unpopuläre Meinung: {n} wird überschätzt.|Das ganze Wochenende nur ein Thema: {n}.|Heute zum ersten Mal ausprobiert: {n}.|{N} hat mir den Tag gerettet.|Bin ich der Einzige? {N} wird jedes Jahr besser.|Kurzer Thread, Thema: {n} 🧵|Alle reden heute nur über eins: {n}.|Mein Fazit für heute: {n} lohnt sich.|Noch unentschlossen, was {n} angeht.|Highlights der Woche: {n} und {m}.',
  ),
  openers: w('Also,|Ehrlich gesagt,|Update:|Erinnerung:|Fun Fact:|Okay,'),
  closers: w('Was meint ihr?|🔥|😂|🙌|👀|❤️|Klare Empfehlung.|Mehr sag ich nicht.'),
  replies: w('Sehe ich genauso.|Genau das wollte ich sagen.|Bin mir da nicht so sicher.|Großartig!|Quelle?|Danke fürs Teilen.|Ich musste so lachen.|Glückwunsch!|Echt jetzt?|Besser kann man es nicht sagen.'),
  quotes: w('Das hier 👇|Lesenswert.|Genau das habe ich gestern gesagt.|Das sollten alle sehen.|Für später gespeichert.'),
  linkIntros: w('Mehr dazu:|Zum Artikel:|Hier aufgeschrieben:|Link:'),
  alt: 'Foto: {n}',
  roles: w('Softwareentwicklerin|Designer|Journalistin|Student|Fotograf|Lehrerin|Autor|Data Scientist|Pflegekraft|Koch'),
  bios: w('{role}. {t1} und {t2}. Meine Meinung.|{role} · schreibt über {t1} und {t2}|{t1}, {t2} und zu viel Kaffee ☕|{role} · {t1} · {t2}'),
  orgBios: w('Täglich Neues rund um {t1}.|Das Beste aus {t1} und {t2}, jeden Tag.|Offizieller Account. News zu {t1}.'),
  orgNames: w('{T} Aktuell|{T} Magazin|{T} Heute|{T} News'),
  space: ' ',
};
