"""The comparison stage's table of pairs: each finding kind in varied wording (FIRES), and faithful rewordings that
must give no finding (QUIET). Every sentence is written for these tests."""

BANK = "Greenfield Bank has agreed to buy Castle Mutual for 40 million dollars."
FINAL = "Kessler defeated Ortiz 6-2, 6-1 in the semifinal."
DEPOT = "The blaze at the depot was caused by a faulty heater, not by vandals."
STADIUM = "The city plans to build a new stadium near the river."

FIRES = [
    # negation: an action named after "rather than" or "instead of" is denied, as a clause of its own or a conjunct
    ("negation", "Crossings will stop in November.",
     "The ferry company said crossings would continue through the winter, rather than stopping in November as planned."),
    ("negation", "The club will move to a new ground.", "The club chose to rebuild the stand rather than move to a new ground."),
    # ... done by the governing clause's subject, to its object where the alternative says "it"
    ("negation", "The trust decided to sell the Varn gallery.",
     "The trust chose to keep the Varn gallery for another decade rather than selling it to the city."),
    # factuality: what is postponed or delayed is not done yet, as an event noun or a gerund
    ("factuality", "The council sold the depot last month.", "The council agreed to postpone the sale of the depot until March."),
    ("factuality", "The bridge opened in May.", "Engineers delayed the opening of the bridge until September."),
    # roles: the taker and the one whose people or things are taken change places (a possessor, "the X of Y", a count
    # of them), through a relative clause the parser hung elsewhere
    ("roles", "Tovik Air bought two of Lumo Airways' jets.", "Lumo Airways bought two of Tovik Air's jets last spring."),
    ("roles", "The Ferrow team signed the Kessig team's striker.", "Kessig signed Ferrow's striker on loan."),
    ("roles", "Dunmore Council will absorb the staff of Pellow Council.",
     "The service moves to Pellow Council, 40 km north, which will take on the staff of Dunmore Council."),
    # roles: who receives what is handed over, as a to-phrase or an indirect object
    ("roles", "The museum lent the painting to the gallery.", "The gallery lent the painting to the museum for the exhibition."),
    ("roles", "The foundation gave the school a grant of 2 million.", "The school gave the foundation a grant of 2 million."),
    # factuality: a phrasal verb of passing against a proposal; one event told in other common words
    ("factuality", "The mayor has forced through a ban on cars in the old town.",
     "The mayor has proposed a ban on cars in the old town."),
    ("factuality", "The residents have mounted a challenge to the closure.",
     "The residents plan to challenge the decision in court."),
    # ordinal: a holder placed otherwise, however each side says the place (standings.py)
    ("ordinal", "Brava Foods, which leads the European market for oat milk, reported higher sales.",
     "Brava Foods, the third-largest maker of oat milk in Europe, reported higher sales."),
    ("ordinal", "Coach Hale guided the team to gold at the world championships.",
     "Coach Hale led the team to a silver medal at the world championships."),
    ("ordinal", "Lindqvist topped the poll with 31 percent.", "Lindqvist came second in the poll with 31 percent, behind Ahmadi."),
    ("ordinal", "Her debut novel was runner-up for the prize in 2019.", "Her debut novel won the top prize in 2019."),
    # opposite: a verb whose object makes it another event, staying with as the opposite of dropping, a phrasal verb,
    # one thing put forward for a decision called a plan on one side and a proposal on the other
    ("opposite", "The clinic will drop its longtime laundry contractor next year.",
     "The clinic said it will stick with its longtime laundry contractor next year."),
    ("opposite", "The union said it would give up the claim.", "The union said it would defend the claim in court."),
    ("opposite", "The trustees rejected a proposal to sell the chapel.", "The trustees approved the plan to sell the chapel."),
    # negation: a denied necessity is read as the thing not done; a relative clause is about the thing a measure sizes
    ("negation", "Rescuers did not need to evacuate the hostel.", "Rising water forced rescuers to evacuate the hostel."),
    ("negation", "The club refused to pay the penalty.",
     "The league imposed a penalty of 8,000 pounds, which the club agreed to pay."),
    # negation: a contrast kept and turned round, whatever words or parse carry it (contrast.py)
    ("negation", "Inspectors blamed the flooding on blocked drains, not on the heavy rain.",
     "Inspectors blamed the flooding on the heavy rain rather than on blocked drains."),
    ("negation", "The grant went not to the museum but to the public library.",
     "The grant went to the museum rather than to the public library, the council said."),
    ("negation", "The club says fans stayed away because of ticket prices, not because of the weather.",
     "The club put the low attendance down to the cold weather rather than to its ticket prices."),
    # ordinal: a medal won and a runner-up are places, against a place said with an ordinal
    ("ordinal", "Mara Quist took silver in the giant slalom.", "Mara Quist finished fourth in the giant slalom."),
    ("ordinal", "The orchestra was runner-up in the national contest.", "The orchestra came first in the national contest."),
    # opposite: a phrasal verb of decision whose particle the parser reads as a preposition
    ("opposite", "The assembly passed the budget amendment.", "The assembly voted down the budget amendment."),
    # roles: an xcomp chain, a synonym, a win against a defeat, a passive, an event noun, converse verbs
    ("roles", "Castle Mutual agreed to buy Greenfield Bank.", BANK),
    ("roles", "Ortiz beat Kessler in the semifinal.", FINAL),
    ("roles", "Ortiz won the semifinal.", FINAL),
    ("roles", "Helix Labs was acquired by Vantor.", "Helix Labs bought Vantor last year."),
    ("roles", "Vantor's acquisition of Helix Labs closed in March.", "Helix Labs completed its acquisition of Vantor in March."),
    ("roles", "The hospital was sued by the nurses' union.", "The hospital sued the nurses' union over the strike."),
    ("roles", "Delmar bought the brand from Kinto.", "Delmar sold the brand to Kinto."),
    ("roles", "Kessler lost to Ortiz in the final.", "Kessler beat Ortiz in the final."),
    # one participant named, in the other role of a converse event, the thing traded the same
    ("roles", "Tamar Holdings sold its garden division.", "Orbis sold its garden division to Tamar Holdings last month."),
    ("roles", "Tamar Holdings bought the garden division.", "Tamar Holdings sold the garden division to Orbis."),
    # the doer of a participle after a passive verb is its subject; "won the X final against Y" with the phrase on "final"
    ("roles", "Ruth Amadi succeeded Jon Vik as principal.", "Jon Vik was appointed principal in 2019, succeeding Ruth Amadi."),
    # a bid or a team stands for its owner; a relative pronoun object up a chain ("which it agreed to cover")
    ("roles", "Arlo Build beat Dunmore Homes to the school contract.", "Dunmore's tender defeated Arlo Build's offer on cost."),
    ("negation", "The insurer refused to cover the repair bill.", "The storm left a repair bill, which the insurer agreed to pay."),
    ("roles", "The Hornets defeated the Comets in the league final.",
     "The Comets won the league final against the Hornets after a penalty shoot-out."),
    # negation: dropped, "never", a negating verb, and an argument named only to be denied
    ("negation", "The mayor signed the bill.", "The mayor did not sign the bill."),
    ("negation", "The club renewed the coach's contract.", "The club has not renewed the coach's contract."),
    ("negation", "The senator voted for the measure.", "The senator never voted for the measure."),
    # a bare "one" stands for the indefinite noun before it; a relative "where" scopes nothing; "remain" is "be kept"
    ("negation", "The clinic already has a dentist in Tarn.",
     "The clinic hopes to hire a dentist in Tarn, where it does not have one at present."),
    ("negation", "The pupils would not be kept at the old campus.", "The head said pupils will remain at the old campus."),
    ("opposite", "The museum's ticket price stayed at 9 pounds.", "The museum raised its ticket price to 9 pounds."),
    # a vote to keep or to cancel is the decision itself; keeping is the opposite of cancelling
    ("opposite", "The trustees scrapped the summer festival.", "The trustees voted on Friday to keep the summer festival."),
    ("negation", "The drug was approved by regulators.", "Regulators refused to approve the drug."),
    ("negation", "The company reached its sales target.", "The company failed to reach its sales target."),
    ("negation", "Vandals caused the blaze at the depot.", DEPOT),
    ("negation", "The outbreak was spread by rats.", "The outbreak was spread by fleas, not rats."),
    # opposite events: curated verbs of change, outcome and decision
    ("opposite", "The zoo raised its ticket price.", "The zoo kept its ticket price at 20 dollars this season."),
    ("opposite", "The council approved the new cycle lane.", "The council rejected the new cycle lane on Tuesday."),
    ("opposite", "Exports rose in the second quarter.", "Exports fell in the second quarter, the agency said."),
    ("opposite", "The bakery closed its second shop.", "The bakery opened a second shop in June."),
    ("opposite", "The airline hired 300 pilots.", "The airline laid off 300 pilots."),
    ("opposite", "The court upheld the ban.", "The court overturned the ban."),
    # another name, place or time in the slot
    ("name", "The concert will take place in Leeds in May.", "The concert will take place in York in May."),
    ("name", "The contract was won by Halvorsen Group.", "The contract was won by Berrick Construction, the city said."),
    ("name", "Dr. Amara Okafor led the study.", "The study was led by Dr. Lena Fischer of Uppsala University."),
    ("name", "The summit was held in March.", "The summit was held in October."),
    # ordinals and ranks
    ("ordinal", "The library was the town's first.", "The library, the town's third, opened in 1998."),
    ("ordinal", "Patel finished second in the race.", "Patel finished third in the race."),
    ("ordinal", "It was the firm's second loss in a row.", "It was the firm's fourth loss in a row."),
    ("ordinal", "The film is the director's third feature.", "The film is the director's first feature."),
    # quantifiers and scope
    ("quantifier", "All of the nurses backed the strike.", "Some of the nurses backed the strike, the union said."),
    ("quantifier", "Only Smith voted against the plan.", "Smith and Jones voted against the plan."),
    ("quantifier", "Most residents opposed the plan.", "A few residents opposed the plan."),
    ("quantifier", "Every school in the district closed.", "Several schools in the district closed."),
    # a claim surer than its evidence
    ("factuality", "Greenfield Bank completed its takeover of Castle Mutual.",
     "Greenfield Bank has agreed to buy Castle Mutual, subject to a vote by members."),
    ("factuality", "Castle Mutual was bought by Greenfield Bank.", BANK),
    ("factuality", "The board has decided to close the plant.", "The board said the plant could be closed next year."),
    ("factuality", "The city built a new stadium.", STADIUM),
    ("factuality", "The ministry banned the pesticide.", "The ministry has proposed banning the pesticide."),
    # roles: a participle's doer is the main clause's subject or object; a relative pronoun is its antecedent
    ("roles", "Brandt was defeated by Moreau.", "Brandt won the regional title, defeating Moreau in the last round."),
    ("roles", "Pereira will replace Hollis as captain.", "The club has named Hollis as its captain, replacing Pereira."),
    ("roles", "Tessaly Foods was hired by Norhaven Audit.", "The review will be done by Norhaven Audit, which Tessaly Foods hired last spring."),
    # roles: a seller's phrase the parser hangs on the object; a light verb with its event noun
    ("roles", "A dealer in Lyon bought the violin from the conservatory.", "The conservatory bought the violin from a dealer in Lyon."),
    ("roles", "The tenants filed a lawsuit against the landlord.", "The landlord sued the tenants over unpaid rent."),
    ("roles", "The board named Ines Varga chair in place of Tomas Brill.",
     "The board appointed Tomas Brill as chair, replacing Ines Varga."),
    # opposite: verbs of change read by their event, phrasal opposites
    ("opposite", "Membership of the club dwindled last year.", "Membership of the club grew last year."),
    ("opposite", "Attendance slid 5 percent after the rebrand.", "Attendance rose 5 percent after the rebrand."),
    ("opposite", "The trust turned down the request for a new wing.", "The trust approved the request for a new wing."),
    ("opposite", "The charity said it would scale back its food programme.", "The charity said it would expand its food programme."),
    # negation: "rather than" and a denied phrase; a cause attributed and denied; stopping against continuing
    ("negation", "The bridge was built from timber rather than steel.", "The bridge was built from steel rather than timber."),
    ("negation", "The delays stemmed from bad weather.", "The chief engineer blamed the delays on a supplier, not on bad weather."),
    ("negation", "Officials put the outage down to a storm rather than to a cable fault.",
     "Officials attributed the outage to a cable fault rather than to the storm."),
    ("negation", "The mill will stop producing paper.", "The mill will continue to produce paper."),
    ("negation", "Dunmore will earn a bonus.", "Dunmore will not receive a bonus this year."),
    # factuality: a condition, a requirement, a light verb's plan
    ("factuality", "The ferry service will resume in April.", "If funding is found, the ferry service would resume in April."),
    ("factuality", "The agency has approved the pipeline.", "The pipeline still requires approval from the Federal Energy Agency."),
    ("factuality", "The union has lodged an appeal against the ruling.", "The union said it would appeal against the ruling."),
    ("factuality", "The town will build a new library.", "The town is considering a new library near the park."),
    # name: another name in an apposition, a thing placed elsewhere
    ("name", "The finance director, Ola Brenner, signed the accounts.", "The finance director, Ravi Menon, signed the accounts."),
    ("name", "Engineers in Leipzig reported a fault in the pump.", "Engineers in Porto said a fault in the pump was found."),
    ("name", "Kenya's Ruth Amollo took the bronze medal.", "Ruth Amollo of Ethiopia finished third in the final."),
    ("name", "Oslo-based Fjordline reported a loss.", "Fjordline, based in Bergen, employs about 900 people."),
    ("opposite", "The open-air concert was called off.", "Despite the rain, the open-air concert went ahead."),
    ("opposite", "The NRU went ahead with the walkout.", "The National Rail Union called off the walkout on Monday."),
    # ordinal: superlatives with their rank, across an apposition, through a copula of becoming, a rank event
    ("ordinal", "Korvel is now the region's third-largest port.", "Korvel overtook Ensby to become the region's second-largest port."),
    ("ordinal", "Mendez Steel, the fourth-biggest producer, cut jobs.", "Mendez Steel, the country's second-largest steelmaker, cut jobs."),
    ("ordinal", "Larsen came third in the sprint.", "Larsen finished second in the sprint."),
    ("ordinal", "The lake is the largest in the province.", "The lake is the third-largest in the province."),
    # name: a name the evidence gives the same title, the same kind of thing or the same place of a thing otherwise
    ("name", "Harbour master Ivo Rask closed the port.", "The port was closed on Friday by harbour master Dina Vell."),
    ("name", "The fire destroyed the Brenmoor warehouse.", "A fire destroyed the company's warehouse in Felsby."),
    ("name", "The ferry now stops at the island of Varo.", "The ferry now also stops at the small island of Heskel."),
    ("name", "The firm will build a plant in Ostrava.", "The firm plans to open a plant in Brno next year."),
    # ordinal: the same noun ranked otherwise, whatever the verb
    ("ordinal", "The strike was the union's third walkout this spring.", "It was the second walkout the union had staged this spring."),
    ("ordinal", "Port Adley, Norway's second-largest harbour, will expand.", "Adley, the fourth-largest harbour in the country, will grow."),
]

QUIET = [
    # the alternative a contrast names as a reason, not an action ("rather than falling numbers"); a denial against
    # what the other side leaves open ("could have chosen to go"); what a contrast keeps
    ("Pupil numbers fell from 400 to 310.", "The school will close, citing costs rather than falling pupil numbers."),
    ("Instead of joining the Harlow club, Mensah signed for Dunmore.", "Although Mensah could have chosen to join Harlow, he signed for Dunmore."),
    ("The firm will cut costs.", "The firm will cut costs rather than raising prices."),
    ("The trust will keep the Varn gallery.",
     "The trust chose to keep the Varn gallery for another decade rather than selling it to the city."),
    # who the thing belonged to, told another way; absorbing what is not people is not hiring
    ("Tovik Air bought two of Lumo Airways' jets.", "Tovik Air bought two jets from Lumo Airways."),
    ("The council absorbed the costs of the school.", "The council paid the school's costs."),
    ("Pellow Council will take on the staff of Dunmore Council.",
     "The service moves to Pellow Council, 40 km north, which will take on the staff of Dunmore Council."),
    ("The talk was given by Lord Alden Earl of Wessex.", "The talk was given by Britain's Lord Alden."),
    ("One of the riders crashed.", "Two riders crashed on the descent."),
    ("The ticket price stayed at 9 pounds.", "The museum kept its ticket price at 9 pounds."),
    # the recipient said as a to-phrase on one side and an indirect object on the other
    ("The foundation gave a grant to the school.", "The foundation awarded the school a grant of 2 million."),
    ("The council paid the contractor 3 million.", "The council paid 3 million to the contractor."),
    # a source that said it will happen, read after it did; a verb used without its object
    ("The concert aired on 4 May.", "The broadcaster will air the concert on 4 May."),
    ("The concert aired on 4 May.", "The broadcaster aired the concert on 4 May."),
    # a place said otherwise but the same; a holder the evidence places as the claim does somewhere
    ("Lindqvist topped the poll.", "Lindqvist led the poll with 31 percent, ahead of Ahmadi."),
    ("Dornier, the league leaders, beat Haller 2-0.", "League leaders Dornier beat Haller 2-0 to stay top."),
    ("The port is the second-busiest in the country.",
     "The port is the country's second-busiest, and it leads the country in grain exports."),
    # who keeps what is the reader's with "stayed with"; "dropped" with a measure is a fall; a need is no deed
    ("The paintings stayed with the family.", "The family kept the paintings."),
    ("Ticket sales dropped 12 percent in May.", "Ticket sales fell 12 percent in May."),
    ("The council needed to find savings.", "The council was forced to find savings."),
    # a contrast kept the same way round, and a claim that draws none
    ("The delay was caused by staff shortages rather than by the weather.",
     "Staff shortages, not the weather, caused the delay, the airline said."),
    ("Rainfall was heavy that week.",
     "Inspectors blamed the flooding on blocked drains rather than on the heavy rainfall that week."),
    # a denial bounded by a named year or month leaves a claim without it open; an opposite verb whose object the
    # claim does not name is no opposite event
    ("The lighthouse keeper appeared in later editions of the guide.",
     "The lighthouse keeper did not appear in any edition of the guide between 1950 and 1964."),
    ("The goalkeeper hit and injured a steward.", "The goalkeeper will miss the derby on Sunday."),
    ("Mara Quist took bronze in the giant slalom.", "Mara Quist finished third in the giant slalom."),
    ("The orchestra was runner-up in the national contest.", "The orchestra came second in the national contest."),
    ("The old mine produced silver for decades.", "The old mine produced silver and lead for decades."),
    ("Dunmore Homes beat Arlo Build to the school contract.", "Dunmore's tender defeated Arlo Build's offer on cost."),
    ("The insurer will pay the repair bill.", "The storm left a repair bill, which the insurer agreed to pay."),
    ("Jon Vik succeeded Ruth Amadi as principal.", "Jon Vik was appointed principal in 2019, succeeding Ruth Amadi."),
    ("The Comets beat the Hornets in the league final.", "The Comets won the league final against the Hornets after a penalty shoot-out."),
    ("The assembly rejected the budget amendment.", "The assembly voted down the budget amendment."),
    ("Castle Mutual will be bought by Greenfield Bank.", BANK),                 # passive, the commitment kept
    ("Greenfield Bank will take over Castle Mutual.", BANK),                    # a synonym
    ("Ortiz lost to Kessler in the semifinal.", FINAL),                          # a converse verb
    ("Kessler won the semifinal.", FINAL),
    ("Kinto bought the brand from Delmar.", "Delmar sold the brand to Kinto."),
    ("Helix Labs' purchase of Vantor was completed in March.", "Helix Labs completed its acquisition of Vantor in March."),
    ("Smith met Jones in Paris.", "Jones met Smith in Paris."),                 # a symmetric verb
    ("A faulty heater caused the blaze.", DEPOT),
    ("The mayor refused to sign the bill.", "The mayor did not sign the bill."),
    ("The mayor did not sign the bill.", "The mayor declined to sign the bill."),
    ("The club did not renew the coach's contract.", "The club has not renewed the coach's contract."),
    ("The zoo did not raise its ticket price.", "The zoo kept its ticket price at 20 dollars this season."),
    ("The zoo left its ticket price unchanged.", "The zoo kept its ticket price at 20 dollars this season."),
    ("Exports declined in the second quarter.", "Exports fell in the second quarter, the agency said."),
    ("The concert will be held in York in May.", "The concert will take place in York in May."),
    ("Fischer led the study.", "The study was led by Dr. Lena Fischer of Uppsala University."),
    ("The library, opened in 1998, was the town's third.", "The library, the town's third, opened in 1998."),
    ("Many of the nurses backed the strike.", "Some of the nurses backed the strike, the union said."),
    ("Smith and Jones voted against the plan.", "Smith and Jones voted against the plan on Monday."),
    ("The city intends to build a new stadium.", STADIUM),                       # the hedge kept
    ("The ministry could ban the pesticide.", "The ministry has proposed banning the pesticide."),
    ("The board may close the plant.", "The board said the plant could be closed next year."),
    ("The senator voted for the measure.", "The senator voted for the measure in 2019, aides said."),
    ("Brandt defeated Moreau.", "Brandt won the regional title, defeating Moreau in the last round."),
    ("Hollis will replace Pereira as captain.", "The club has named Hollis as its captain, replacing Pereira."),
    ("The conservatory bought the violin from a dealer in Lyon.", "The conservatory bought the violin from a dealer in Lyon last week."),
    ("The landlord filed a lawsuit against the tenants.", "The landlord sued the tenants over unpaid rent."),
    ("Membership of the club rose last year.", "Membership of the club grew last year."),
    ("The trust rejected the request for a new wing.", "The trust turned down the request for a new wing."),
    ("The bridge was built from steel.", "The bridge was built from steel rather than timber."),
    ("The delays stemmed from a supplier.", "The chief engineer blamed the delays on a supplier, not on bad weather."),
    ("The mill will keep producing paper.", "The mill will continue to produce paper."),
    ("The ferry service could resume in April.", "If funding is found, the ferry service would resume in April."),
    ("The council voted to reject the tower.", "The council rejected the tower."),
    ("The council rejected the tower.", "The council voted to reject the tower."),
    ("The rent review was postponed until spring.", "Both landlords agreed to postpone the rent review until spring."),
    ("The envoy retires in June.", "The envoy will retire in June."),
    ("Will the museum reopen in May?", "The museum plans to reopen in May."),
    ("Korvel is now the region's second-largest port.", "Korvel overtook Ensby to become the region's second-largest port."),
    ("The lake is the largest in the province.", "The lake is the second deepest lake in the province, after Lake Orm."),
    ("Mendez Steel, the second-biggest producer, cut jobs.", "Mendez Steel, the country's second-largest steelmaker, cut jobs."),
    ("Larsen placed second in the sprint.", "Larsen finished second in the sprint."),
    ("Engineers in Porto reported a fault in the pump.", "Engineers in Porto said a fault in the pump was found."),
    ("Grey seal numbers rose.", "Harbour seal numbers fell, while grey seal numbers rose."),
    ("Ethiopia's Ruth Amollo took the bronze medal.", "Ruth Amollo of Ethiopia finished third in the final."),
    ("The open-air concert went ahead.", "Despite the rain, the open-air concert went ahead as planned."),
    ("The board named Tomas Brill chair in place of Ines Varga.", "The board appointed Tomas Brill as chair, replacing Ines Varga."),
    ("The tribunal ruled on the appeal in 2004.", "In 1987, the tribunal ruled in the Harlan case."),  # another occasion
    ("Her son, Tobin, was born in Oslo.", "She has a daughter, Wren, and a son, Lasse."),  # one of several
    ("The NRU scrapped the walkout.", "The National Rail Union called off the walkout on Monday."),  # initials
    ("The town may build a new library.", "The town is considering a new library near the park."),
    # a cause both sides deny; a name the evidence gives under the same title; a title after a place is no title
    ("The firm said it was not a break-in.", "The firm said a faulty lock, not a break-in, was to blame for the loss."),
    ("Harbour master Dina Vell closed the port.", "The port was closed on Friday by harbour master Dina Vell."),
    ("The case was heard at Brenmoor Sheriff Court.", "Sheriff Alma Dunn said the fine was fair."),
    ("The trial was run at the University of Oskvik.", "Researchers at Oskvik's university ran the trial."),
    # the same noun ranked both ways in the evidence, or ranked for another named owner
    ("The team won the second match.", "The team won the second match and lost the third match."),
    ("Brill's second album sold well.", "Unlike Vora's third album, it sold well."),
    # a rank on another scale; an occasion counted, not a thing ranked
    ("Tarvik was ranked the 12th safest city.", "The survey made Tarvik the region's third richest city."),
    ("The club won the cup for the first time since 1990.", "The final was postponed for a second time."),
    ("Lakemoor had the lowest crime rate in the county.", "Brayton reported the second-lowest crime rate in the county."),
    # a main verb the parser reads as a participle of the noun before it: no voice to compare
    ("The boat left at dawn.", "The boat left the quay at dawn."),
]
