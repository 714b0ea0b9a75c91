"""The reader: the issue's examples, negations, corrections, typos, and the corpus floors.

Floors are the figures reached when the reader was written (tune: tuned on; holdout: never looked
at, only its aggregate figure). Raise them when the reader gets better; never lower them quietly.
"""
from __future__ import annotations

import statistics
import time

import pytest

from assistant.reading import read
from tools.paths import EVAL_DIR

TUNE_FLOOR = 0.99  # third pass: 1.000 measured
DEV_FLOOR = 0.99  # dev.yaml: written from personas before the second pass, then tuned on; third pass: 1.000
HOLDOUT_FLOOR = 0.84  # 0.780 after the second pass (baseline 0.771); third to tenth: 0.826; eleventh (classifier): 0.844; sixteenth: 0.844
# fresh.yaml: written for the third pass in five batches, each measured before the reader was changed for it
# (0.835, 0.630, 0.684, 0.703, 0.667, 0.565 of each batch's turns); after the third pass 0.991 of the whole file
FRESH_FLOOR = 0.99
# fresh2.yaml: written for the fourth pass from personas before the reader was changed for it; first sight 0.780
# (intent 0.920, 0 silently dropped); after the fourth pass 1.000 (the floor leaves one turn of slack, as above)
FRESH2_FLOOR = 0.99
# fresh3.yaml: written for the fifth pass from personas before the reader was changed for it; first sight 0.708
# (intent 0.863, asked 31/35, 0 silently dropped); after the fifth pass 0.857 (intent 0.911, asked 34/35, 0 dropped);
# after the sixth pass 0.988 (intent 1.000, asked 34/35, 0 dropped; the floor leaves one turn of slack)
FRESH3_FLOOR = 0.98
# fresh4.yaml: written for the seventh pass from personas before the reader was changed for it (money, cards named
# every way, a card's memory against a model's size, intents); first sight 0.753 (intent 0.899, asked 4/7, 0 dropped;
# 0.766 with ru-reseller-4006 relabelled a handoff, as dev.yaml labels "оптом"); after the seventh pass 0.835
# (intent 0.937, asked 7/7, 0 dropped; the floor leaves one turn of slack); after the eighth pass 0.987 (156/158,
# intent 0.987, asked 7/7, 0 dropped; the floor is 155/158, one turn below)
FRESH4_FLOOR = 0.98
# fresh5.yaml: written for the ninth pass from personas before the reader was changed for it (voice-typed, short
# follow-ups, owners, comparisons, training, power, mixed languages, typos, several numbers); first sight 0.847 (intent
# 0.927, asked 7/8, 0 dropped; 0.864 with en-erp-5010 relabelled a handoff, as fresh.yaml labels "need a quote: ...",
# and ru-hobbyist-5002 "а по жору электричества" a comparison, as the sixth pass settled "а по энергопотреблению?");
# after the ninth pass 1.000 (177/177, intent 1.000, asked 8/8, 0 dropped; the floor leaves one turn of slack)
FRESH5_FLOOR = 0.99
# fresh6.yaml: written for the tenth pass from the issue's original five personas (student, IT manager, lab, reseller,
# integrator) before the reader was changed for it; first sight 0.830 (intent 0.881, asked 12/12, 0 dropped; 0.841 with
# three labels relabelled to earlier conventions); after the tenth pass 0.983 (173/176, intent 0.983, asked 12/12, 0 dropped)
FRESH6_FLOOR = 0.98
# fresh7.yaml: written for the eleventh pass (the learned intent classifier) from the original five personas before the
# reader was changed for it; first sight, rules alone 0.860 (intent 0.930, asked 5/6, 1 dropped), the classifier alone
# 0.772 (intent 0.854), rules + classifier 0.860 (intent 0.936); after the eleventh pass's general rules 0.936 (160/171,
# intent 0.988, asked 5/6, 0 dropped). The floor leaves one turn of slack (159/171). Twelfth pass (a new model keeps
# the money, cards compared replace the one asked about, names said in words, servers in words asked): 1.000 (171/171)
FRESH7_FLOOR = 0.99
# fresh8.yaml: written for the twelfth pass (fresh7 joined the classifier's training) from the original five personas
# before the reader or the classifier was changed for it; first sight (labels as they are now), rules alone 0.601
# (intent 0.713), rules + classifier 0.607 (intent 0.747), 0.612 once the classifier had fresh7; after the twelfth
# pass's general rules 0.893 (159/178, intent 0.938, asked 10/12, 0 dropped). Never trained on. Two turns of slack
FRESH8_FLOOR = 0.93  # thirteenth pass: 0.938 by the rules, 0.949 (169/178, intent 0.972) once trained on; 3 turns of slack
# fresh9.yaml: written for the thirteenth pass from personas (the original five and a voice-typing impatient buyer)
# before the reader was changed for it; first sight 0.671 (intent 0.848, asked 2/10, 0 dropped); after the thirteenth
# pass's general rules 0.930 (147/158, intent 0.962, asked 10/10, 0 dropped); with the classifier retrained on tune ..
# fresh9 0.949 (150/158, intent 0.987). Three turns of slack
FRESH9_FLOOR = 0.93
# fresh10.yaml: written for the fourteenth pass from personas (the voice-typing buyer, the original five, a sysadmin and an
# accountant) before the reader was changed for it; first sight 0.819 (intent 0.946, asked 7/9, 0 dropped), 0.837 with
# five labels corrected to the earlier batches' conventions; after the fourteenth pass's general rules 0.964 (160/166,
# intent 0.982, asked 9/9, 0 dropped), the same with the classifier retrained on tune .. fresh10. Three turns of slack
FRESH10_FLOOR = 0.94
# fresh11.yaml: written for the sixteenth pass from new personas (a school IT teacher, a marketing agency, a freelance 3D
# artist, a bank's security officer, hospital IT, a game studio, a crypto-miner, a university procurement clerk) before the
# reader was changed for it; first sight 0.703 (intent 0.898, asked 5/8, 0 dropped), 0.758 with nine labels corrected to
# the earlier batches' conventions; after the sixteenth pass's general rules 0.969 (124/128, intent 0.977, asked 9/10,
# 0 dropped), the same with the classifier retrained on tune .. fresh11. Three turns of slack
FRESH11_FLOOR = 0.94
# fresh12.yaml: written for the seventeenth pass from new personas (a university department head, a law firm partner, a
# YouTuber, a call-centre manager, an ex-miner reseller, a small ISP, a robotics startup) before the reader was changed
# for it; first sight 0.792 (intent 0.909, asked 0/2, 0 dropped); after the seventeenth pass's general rules 1.000
# (77/77, intent 1.000, asked 2/2; two labels corrected to the earlier conventions). Three turns of slack
FRESH12_FLOOR = 0.94
# fresh13.yaml: written for the eighteenth pass from new personas (a dental clinic owner, an accounting outsourcer, a
# logistics dispatch service, hospital radiology, a translation bureau, a crypto-to-AI hoster, an indie game studio, a
# school IT teacher, a gamer dad) before the reader was changed for it; first sight 0.787 (intent 0.925, asked 2/4,
# 0 dropped); after the eighteenth pass's general rules and the classifier retrained on tune .. fresh13, 1.000 (80/80,
# intent 1.000, asked 4/4). Four turns of slack
FRESH13_FLOOR = 0.94
# fresh14.yaml: written for the nineteenth pass from new personas (a veterinary clinic chain, a law firm, a call-centre
# outsourcer, a university lab assistant, a freelance ML engineer, a farm-tech startup, a bank's IT security officer, a
# YouTuber, a municipal library) before the reader was changed for it; first sight 0.829 (63/76, intent 0.961, asked
# 2/3, 0 dropped); after the nineteenth pass's general rules 1.000 (76/76, intent 1.000, asked 3/3). Four turns of slack
FRESH14_FLOOR = 0.94
# fresh15.yaml: written for the twentieth pass from new personas (a dentist turned podcaster, a regional TV newsroom, a
# hotel chain's IT, a biology PhD student, a 3D-printing shop, a notary office, a robotics club for teens, a fintech
# compliance team) before the reader was changed for it; first sight 0.750 (30/40, intent 0.850, asked 0/0, 0
# dropped; one label corrected after it, 0.775 with it); after the twentieth pass's general rules 0.900 (36/40, intent
# 0.975). Two turns of slack. Twenty-first pass: 1.000 (40/40), the floor raised, two turns of slack
FRESH15_FLOOR = 0.95
# fresh16.yaml: written for the twenty-first pass from new personas (a wedding photographer, a pharmaceutical QA lab, a
# car dealership, an insurance claims department, a crypto miner repurposing his cards, a municipal procurement officer,
# an architecture bureau, a retail chain's sysadmin, a real estate agency) before the reader was changed for it; first
# sight 0.844 (38/45, intent 0.933, asked 0/0, 0 dropped; one label corrected after it, 0.844 with it too); after the
# twenty-first pass's general rules 1.000 (45/45, intent 1.000). Two turns of slack
FRESH16_FLOOR = 0.95
# fresh17.yaml: written for the twenty-second pass from new personas (a furniture factory, a tax consultant, a master's
# student, an anime artist, a marketplace seller, a system integrator, a computer shop, a geology department, an
# airport's IT, a travel agency) before the reader was changed for it; first sight 0.773 (34/44, intent 0.932, asked
# 0/0, 0 dropped; no label corrected); after the twenty-second pass's general rules 0.977 (43/44, intent 1.000). Two
# turns of slack
FRESH17_FLOOR = 0.93
# fresh18.yaml: written for the twenty-third pass from new personas (a craft brewery, a district court, a linguistics PhD,
# a VR enthusiast, a drone startup, a hardware distributor, a telecom integrator, a city hospital, a copywriter, a
# physics institute, an oil company's procurement) before the reader was changed for it; first sight 0.846 (33/39,
# intent 0.974, asked 1/1, 0 dropped; four labels corrected to the corpus's conventions before it); after the
# twenty-third pass's general rules 1.000 (39/39). Two turns of slack
FRESH18_FLOOR = 0.94
# fresh19.yaml: written for the twenty-fourth pass from new personas (a law firm, a school robotics club, a bank's ML
# team, a marketplace seller, a translation agency, a university cluster, a former miner, a game studio, a ministry's
# procurement, an accountant, a 1C partner, a factory integrator, a used-card shop, a pupil) before the reader was
# changed for it; first sight 0.846 (33/39, intent 0.897, 0 dropped; 0.872 with the one label corrected to the corpus's
# convention after it); after the twenty-fourth pass's general rules 1.000 (39/39). Two turns of slack
FRESH19_FLOOR = 0.94
# fresh20.yaml: written for the twenty-fifth pass from new personas (a dental clinic, a logistics dispatcher, a museum,
# a streamer, a legal-tech startup, a media agency, a regional data centre, a computer club, an auditor, a hotel chain,
# an electronics retailer, an agro-tech startup, a retired engineer, a university teacher), voice-typed, before the
# reader was changed for it; first sight 0.944 (34/36, intent 1.000, 0 dropped); after the twenty-fifth pass 0.972
# (35/36). Two turns of slack
FRESH20_FLOOR = 0.91
# fresh21.yaml: written for the twenty-sixth pass from new personas (a notary office, a bank's security team, a
# bioinformatics lab, a former miner, a translator, a 3D artist, a call centre, a government buyer, a mining company's
# integrator, a finance controller, an edtech startup, a university sysadmin, a student with a laptop, a car dealer)
# before the reader was changed for it; first sight 0.886 (39/44, intent 0.932, 0 dropped); after the twenty-sixth
# pass's general rules 1.000 (44/44). Two turns of slack
FRESH21_FLOOR = 0.95
# fresh22.yaml: written for the twenty-seventh pass from new personas (a pharmacy chain, a physics institute, a sound
# engineer, a tech blogger, an HR-tech startup, a hosting provider, a rig reseller, a school, an insurer's accountant,
# a schoolboy, a factory sysadmin, a restaurant) before the reader was changed for it; first sight 0.943 (33/35, intent
# 0.943, 0 dropped; 0.971 with one label corrected to the corpus's convention); after the twenty-seventh pass 1.000.
# Two turns of slack
FRESH22_FLOOR = 0.94
# fresh23.yaml: written for the twenty-eighth pass from new personas (a veterinary clinic, a tax consultant, a telecom
# operator, a linguistics department, a game modder, a colocation salesman, a used-server dealer, a college student, a
# city hall, an online school, a marketing startup, a photographer), heavy typos and glued counts, before the reader
# was changed for it; first sight 0.680 (17/25, intent 0.880, 0 dropped; 0.760 with two labels corrected); after the
# twenty-eighth pass 1.000. Two turns of slack
FRESH23_FLOOR = 0.92
# fresh24.yaml: written for the twenty-ninth pass from new personas (a dentist's nephew, a bakery chain, a regional bank,
# a robotics lab, a Telegram-bot maker, a teen gamer, a mining farm, an e-commerce startup, a factory's procurement, a
# schools integrator, a call centre, a radio amateur), chat shorthand, before the reader was changed for it; first
# sight 0.696 (16/23, intent 0.913, 0 dropped; 0.739 with one label corrected); after the twenty-ninth pass 1.000.
# Two turns of slack
FRESH24_FLOOR = 0.91
# fresh25.yaml: written for the thirtieth pass from new personas, mostly English (a local-LLM hobbyist, a law school, a
# biotech ML lead, a quant shop, a non-profit, an MSP, a VFX studio, a municipal buyer, a CFO, a homelab, a high-school
# student, an integrator), before the reader was changed for it; first sight 0.824 (14/17, intent 0.941, 0 dropped;
# 0.882 with one label corrected); after the thirtieth pass 1.000. Two turns of slack
FRESH25_FLOOR = 0.88
# fresh26.yaml: written for the thirty-first pass from new personas (a furniture factory, a hospital, an agronomy
# institute, a video editor, a retiree, a college, a fintech, an ISP, a parts reseller, a chief accountant, a design
# bureau, a first-year student), run-on messages, before the reader was changed for it; first sight 0.867 (13/15,
# intent 0.933, 0 dropped); after the thirty-first pass 1.000. Two turns of slack
FRESH26_FLOOR = 0.86
# fresh27.yaml: written for the thirty-second pass by a helper (not the reader's author) from personas new to the series
# (a law firm, a call centre, a school teacher, a bank's infosec, a game studio, a PhD student abroad, an ex-miner ...),
# before the reader was changed for it; first sight 0.630 (29/46, intent 0.826, 0 dropped); after the thirty-second
# pass 1.000. Two turns of slack
FRESH27_FLOOR = 0.95
# fresh28.yaml: written for the thirty-third pass by a second helper (hotel chain, SaaS founder, Indian ML engineer,
# farmers' cooperative, podcast studio, robotics lab, court IT ...), before the reader was changed for it; first sight
# 0.778 (42/54, intent 0.907, 0 dropped); after the thirty-third pass 1.000. Two turns of slack
FRESH28_FLOOR = 0.96
# fresh29.yaml: written for the thirty-fourth pass by a third helper, all multi-turn chats (a logistics startup, a bank's
# data team, a museum, a patent bureau, an e-sports club, a Kazakh telecom ...), before the reader was changed for it;
# first sight 0.750 (42/56, intent 0.821, 0 dropped); after the thirty-fourth pass 0.893. Two turns of slack
FRESH29_FLOOR = 0.85
# fresh30.yaml: written for the thirty-fifth pass by a fourth helper, mostly single messages (a call centre, a law firm,
# a hospital, a crypto miner, a municipal office, an Indian SaaS founder, a German engineer ...), before the reader was
# changed for it; first sight 0.618 (34/55, intent 0.891, 0 dropped); after the thirty-fifth pass 0.964. Two turns of slack
FRESH30_FLOOR = 0.92
# fresh31.yaml: written for the thirty-sixth pass by a fifth helper, 16 chats and 14 single messages (a quant team, a
# Belarusian plant, a surzhyk freelancer, a medical-imaging startup, an HPC admin, a colocation sales manager ...), before
# the reader was changed for it; first sight 0.625 (35/56, intent 0.893, 0 dropped); after the thirty-sixth pass 0.857,
# after its general rules (thirty-seventh pass) 1.000. Two turns of slack
FRESH31_FLOOR = 0.96
# fresh32.yaml: written for the thirty-seventh pass by a sixth helper, 35 chats and single messages (a bank's procurement
# officer in tender language, a pensioner through his grandson, a Tashkent integrator with Uzbek words, a UK GP surgery,
# a leasing company ...), before the reader was changed for it; first sight 0.466 (27/58, intent 0.724, 0 dropped);
# after the thirty-seventh pass 0.983. Two turns of slack
FRESH32_FLOOR = 0.94
# fresh33.yaml: written for the thirty-eighth pass by a seventh helper, 37 chats and single messages (a Yakutian diamond
# miner's admin, an Armenian studio, a Chinese-Russian trader, a Kenyan agritech, a Taglish BPO, a Kyrgyz reseller ...),
# before the reader was changed for it; first sight 0.767 (46/60, intent 0.917, 0 dropped); after the thirty-eighth
# pass 0.967. Two turns of slack
FRESH33_FLOOR = 0.93
# fresh34.yaml: written for the thirty-ninth pass by an eighth helper, 35 chats and single messages (a Perm ballet school,
# a Kakheti winery, a Tatar publisher's editor, a Singlish IT lead, an Irish pub chain, a Johannesburg MSP ...), before
# the reader was changed for it; first sight 0.633 (38/60, intent 0.850, 0 dropped); after the thirty-ninth pass 0.967.
# Two turns of slack
FRESH34_FLOOR = 0.93
# fresh35.yaml and fresh36.yaml: written for the fortieth and forty-first passes by two helpers (a Sochi hotel chain, a
# Chuvash gymnasium, a Moldovan winery, Hinglish, patois, Franglais; Buryat words, lakh, reais, amps), before the reader
# was changed for them; first sight 0.576 (34/59, intent 0.898) and 0.633 (38/60, intent 0.850), 0 dropped; after the
# passes 1.0 and 0.967. Two turns of slack
FRESH35_FLOOR = 0.96
FRESH36_FLOOR = 0.93
FRESH37_FLOOR = 0.95  # first sight 0.717; 0.933 after the forty-second pass, 0.967 after the forty-third
FRESH38_FLOOR = 0.86  # first sight 0.600; 0.883 after the forty-second pass
FRESH39_FLOOR = 0.93  # first sight 0.650; 0.950 after the forty-third pass
FRESH40_FLOOR = 0.90  # first sight 0.583; 0.883 after the forty-fourth pass, 0.917 after the forty-fifth
FRESH41_FLOOR = 0.91  # first sight 0.750; 0.933 after the forty-fifth pass
FRESH42_FLOOR = 0.95  # first sight 0.717; 0.967 after the forty-sixth pass, 0.983 after the forty-ninth
FRESH43_FLOOR = 0.88  # first sight 0.783; 0.883 after the forty-seventh pass, 0.900 after the forty-eighth
FRESH44_FLOOR = 0.91  # first sight 0.783; 0.933 after the forty-eighth pass
FRESH45_FLOOR = 0.91  # first sight 0.617; 0.917 after the forty-eighth pass, 0.933 after the forty-ninth
FRESH46_FLOOR = 0.93  # first sight 0.683; 0.950 after the forty-ninth pass
FRESH47_FLOOR = 0.95  # first sight 0.717; 0.967 after the forty-ninth pass
FRESH48_FLOOR = 0.91  # first sight 0.750; 0.933 after the fiftieth pass
FRESH49_FLOOR = 0.90  # first sight 0.683; 0.917 after the fiftieth pass
FRESH50_FLOOR = 0.90  # first sight 0.717; 0.917 after the fifty-first pass
FRESH51_FLOOR = 0.85  # first sight 0.550; 0.850 after the fifty-first pass, 0.867 after the fifty-sixth
FRESH52_FLOOR = 0.83  # first sight 0.600; 0.733 after the fifty-second pass, 0.850 after the fifty-sixth
FRESH53_FLOOR = 0.91  # first sight 0.667; 0.833 after the fifty-second pass, 0.933 after the fifty-sixth
FRESH54_FLOOR = 0.88  # first sight 0.600; 0.900 after the fifty-third pass
FRESH55_FLOOR = 0.76  # first sight 0.533; 0.783 after the fifty-third pass
FRESH56_FLOOR = 0.98  # first sight 0.983 (the core questions); 1.000 after the fifty-third pass
FRESH57_FLOOR = 0.98  # first sight 1.000 (plain follow-ups), never tuned on
FRESH58_FLOOR = 0.98  # first sight 0.600 (voice-typed, hurried); 1.000 after the fifty-fourth pass
FRESH59_FLOOR = 0.98  # first sight 0.767 (models and cards named loosely); 0.983 after the fifty-fourth pass, 1.000 after the fifty-sixth
FRESH60_FLOOR = 0.98  # first sight 0.933 (trades no earlier set used); 0.983 after the fifty-fifth pass, 1.000 after the fifty-sixth
FRESH61_FLOOR = 0.98  # first sight 0.817 (longer messages, numbers of no slot); 1.000 after the fifty-fifth pass
FRESH62_FLOOR = 0.98  # first sight 0.967 (the original personas and mix); 1.000 after the fifty-sixth pass
FRESH63_FLOOR = 0.98  # first sight 0.800 (mixed language and English); 1.000 after the fifty-sixth pass
FRESH64_FLOOR = 0.96  # first sight 0.850 (business personas, semi-formal); 0.983 after the fifty-sixth pass
FRESH65_FLOOR = 0.96  # first sight 0.767 (private personas from a phone); 0.983 after the fifty-sixth pass
FRESH66_FLOOR = 0.98  # first sight 0.900 (long conversations); 1.000 after the fifty-sixth pass
FRESH67_FLOOR = 0.93  # first sight 0.733 (English first, five countries); 0.950 after the fifty-sixth pass
FRESH68_FLOOR = 0.96  # first sight 0.983 (short one-line messages); 0.983 after the fifty-sixth pass
FRESH69_FLOOR = 0.94  # first sight 0.917 (the newest models and cards); 0.967 after the fifty-sixth pass
FRESH70_FLOOR = 0.95  # first sight 0.883 (hand-offs, specs, why-questions among sizing); 0.967 after the fifty-seventh pass
FRESH71_FLOOR = 0.73  # first sight 0.383 (a backstory with numbers about the past before the question); 0.750 after the fifty-seventh pass
FRESH72_FLOOR = 0.93  # first sight 0.733 (hardware described: groups, boxes, mixed sets); 0.950 after the fifty-seventh pass
FRESH73_FLOOR = 0.76  # first sight 0.650 (money and time); 0.783 after the fifty-seventh pass
FRESH74_FLOOR = 0.48  # first sight 0.350 (pasted logs, launch lines, quotes and specs); 0.400 after the fifty-seventh pass; 0.500 after the fifty-eighth pass
FRESH75_FLOOR = 0.75  # first sight 0.633 (long chats steered: corrections, going back, options referred to); 0.750 after the fifty-seventh pass; 0.767 after the fifty-ninth
FRESH76_FLOOR = 0.76  # first sight 0.633 (doubt and pushback: claims, constraints, the minimum); 0.733 after the fifty-seventh pass; 0.783 after the fifty-ninth
FRESH77_FLOOR = 0.98  # first sight 0.767 (which question: border cases between intents); 1.000 after the fifty-eighth pass
FRESH78_FLOOR = 0.98  # first sight 0.800 (how many: counts of cards and people said every way); 1.000 after the fifty-eighth pass
FRESH79_FLOOR = 0.96  # first sight 0.817 (the shortest messages: terse, fragments, voice-typed); 0.983 after the fifty-eighth pass
FRESH80_FLOOR = 0.98  # first sight 0.933 (the original corpus's mix in new words); 1.000 after the fifty-ninth pass
FRESH81_FLOOR = 0.93  # first sight 0.500 (values easy to miss: said late, in words, as pages or shifts); 0.950 after the fifty-ninth pass
FRESH82_FLOOR = 0.91  # first sight 0.867 (the original corpus's mix again, single messages); 0.933 after the fifty-ninth pass
FRESH84_FLOOR = 0.90  # first sight 0.917 at bc073a6 (the original corpus's mix again, single messages)
FRESH85_FLOOR = 0.88  # first sight 0.900 at bc073a6 (the original corpus's mix again, as short conversations)
FRESH86_FLOOR = 0.88  # first sight 0.900 at a6ae890 (the original corpus's mix again, single messages)
FRESH87_FLOOR = 0.81  # first sight 0.833 at a6ae890 (the original corpus's mix again, as short conversations)
FRESH88_FLOOR = 0.88  # first sight 0.900 at ac9eec2 (the original corpus's mix again, single messages)
FRESH89_FLOOR = 0.86  # first sight 0.883 at ac9eec2 (the original corpus's mix again, as short conversations)
FRESH90_FLOOR = 0.90  # first sight 0.917 at 69c2b86 (the original corpus's mix again, single messages)
FRESH91_FLOOR = 0.78  # first sight 0.800 at 69c2b86 (the original corpus's mix again, as short conversations)
FRESH92_FLOOR = 0.91  # first sight 0.933 at 05776d6 (the original corpus's mix again, single messages)
FRESH93_FLOOR = 0.90  # first sight 0.917 at 05776d6 (the original corpus's mix again, as short conversations)
FRESH94_FLOOR = 0.91  # first sight 0.933 at 9cc648a (the original corpus's mix again, single messages)
FRESH95_FLOOR = 0.86  # first sight 0.883 at 9cc648a (the original corpus's mix again, as short conversations)
FRESH96_FLOOR = 0.86  # first sight 0.883 at 7e74f76 (the original corpus's mix again, as single messages)
FRESH97_FLOOR = 0.83  # first sight 0.850 at 7e74f76 (the original corpus's mix again, as short conversations)
FRESH98_FLOOR = 0.86  # first sight 0.883 at a277795 (the original corpus's mix again, as single messages)
FRESH99_FLOOR = 0.86  # first sight 0.883 at a277795 (the original corpus's mix again, as short conversations)
FRESH100_FLOOR = 0.94  # first sight 0.967 at 3578ad6 (the original corpus's mix again, as single messages)
FRESH101_FLOOR = 0.84  # first sight 0.867 at 3578ad6 (the original corpus's mix again, as short conversations)
FRESH102_FLOOR = 0.83  # first sight 0.850 at 4bd5e4b (the original corpus's mix again, as single messages)
FRESH103_FLOOR = 0.79  # first sight 0.817 at 4bd5e4b (the original corpus's mix again, as short conversations)
FRESH104_FLOOR = 0.79  # first sight 0.817 at db053e4 (the original corpus's mix again, as single messages)
FRESH105_FLOOR = 0.83  # first sight 0.850 at db053e4 (the original corpus's mix again, as short conversations)
FRESH83_FLOOR = 0.86  # first sight 0.817 (the original corpus's mix again, as short conversations); 0.883 after the fifty-ninth pass


def said(text: str) -> dict:
    return read(text).scenario.said()


@pytest.mark.parametrize("text,want", [
    ("потянет ли видюха на 24 гига ламу 3 8б в q4?", {"model": "llama-3-8b", "precision": "int4", "card_vram_gb": 24}),
    ("Какой блок питания нужен на 8 штук RTX 4090?", {"gpu": "rtx-4090", "gpu_count": 8}),
    ("контекст 32 000 токенов для llama 3 8b", {"model": "llama-3-8b", "context": 32000}),
    ("llama 3.1 8b, контекст 8 192 токена", {"model": "llama-3.1-8b", "context": 8192}),
    ("budget is around $15k, what's the best server for 70b?", {"budget": 15000, "currency": "$", "params_b": 70}),
    ("Can a single 3090 handle llama3 70b q4?",
     {"gpu": "rtx-3090", "gpu_count": 1, "model": "llama-3-70b", "precision": "int4"}),
    ("is 48gb enough for fine tuning llama 3 8b?", {"card_vram_gb": 48, "task": "full", "model": "llama-3-8b"}),
    ("We're a 40-person company looking to host Llama 3.3 70B", {"users": 40, "model": "llama-3.3-70b"}),
    ("облако по 250 руб в час, 12 часов в день", {"cloud_hourly": 250, "currency": "₽", "hours_per_month": 365}),
    ("четыре 4090-х и лама 70б", {"gpu": "rtx-4090", "gpu_count": 4, "model": "llama-3.3-70b"}),
    ("got 2x 48GB cards and 256GB RAM", {"gpu_count": 2, "card_vram_gb": 48, "ram_gb": 256}),
    ("квен 32б в 4 бита на 16к", {"model": "qwen3-32b", "precision": "int4", "context": 16384}),
    ("работаем 8 часов по будням", {"hours_per_month": 173.33}),
])
def test_issue_examples(text, want):
    got = said(text)
    for k, v in want.items():
        assert got.get(k) == pytest.approx(v, rel=0.01) if isinstance(v, (int, float)) else got.get(k) == v, (k, got)


def test_typos_in_family_names():
    assert said("how much vram does mistal 7b need")["model"] == "mistral-7b-v0.3"
    assert said("лламма 3.2 3б в fp16")["model"] == "llama-3.2-3b"
    assert said("квенн 2.5 7b")["model"] == "qwen2.5-7b"


def test_negated_task_is_not_taken():
    assert said("не обучение, а инференс ламы 8б")["task"] == "inference"
    assert said("llama 3 8b без квантизации")["precision"] == "fp16"
    r = read("работаем 8 часов по будням, 24/7 не нужно")  # not guessed either way: asked
    assert r.scenario.hours_per_month is None and "hours_per_month" in r.conflicts


def test_correction_wins_and_contradiction_is_asked():
    r = read("у нас 2 карты... нет, вру, 4 карты L4")
    assert r.scenario.gpu_count == 4 and not r.conflicts
    r = read("нужен сервер на 20 или 40 пользователей под qwen3 14b")
    assert r.scenario.users is None and [s.text for s in r.conflicts["users"]] == ["20", "40 пользователей"]
    r = read("у нас две карты 4090 и четыре карты 4090")
    assert r.scenario.gpu_count is None and "gpu_count" in r.conflicts


def test_budget_is_never_a_context_and_card_size_never_a_model_size():
    s = said("бюджет 500к руб, модель на 70b, карта 48 гб")
    assert s["budget"] == 500000 and "context" not in s and s["params_b"] == 70 and s["card_vram_gb"] == 48


def test_vague_precision_is_marked_assumed():
    r = read("модель на 8 млрд параметров, хочу квантованную")
    assert r.scenario.precision == "int4" and r.assumed == ["precision"]


def test_unknown_products_get_no_catalog_id():
    r = read("сколько памяти у RTX 9090?")
    assert r.unknown_products == ["RTX 9090"] and r.scenario.gpu is None


def test_unattached_numbers_are_named_back():
    r = read("сколько надо на 32?")
    assert [s.text for s in r.unattached] == ["32"]


def test_hardware_without_a_model_never_gets_a_model_needing_intent():
    assert read("какие модели можно запустить на двух 3090").intent == "models_for_hardware"
    assert read("у меня одна 3090, что докупить под 70B?").intent == "upgrade"
    assert read("Сравни RTX 4090 и RTX A6000").intent == "compare"
    assert read("сколько стоит A100 80GB").intent == "gpu_info"


def test_spans_point_at_the_words():
    r = read("потянет ли видюха на 24 гига ламу 3 8б в q4?")
    assert [s.text for s in r.spans["card_vram_gb"]] == ["24 гига"]
    assert [s.text for s in r.spans["model_name"]] == ["ламу 3 8б"]
    assert all(r.text[s.start:s.end] == s.text for group in r.spans.values() for s in group)


def _corpus_texts() -> list[str]:
    import yaml

    convs = yaml.safe_load((EVAL_DIR / "understanding" / "tune.yaml").read_text(encoding="utf-8"))
    return [t["text"] for c in convs for t in c["turns"]]


@pytest.mark.parametrize("split", ["tune", "dev", "fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7",
                                   "fresh8", "fresh9", "fresh10", "fresh11", "fresh12", "fresh13", "fresh14",
                                   "fresh15", "fresh16", "fresh17", "fresh18", "fresh19", "fresh20", "fresh21", "fresh22", "fresh23", "fresh24", "fresh25", "fresh26", "fresh27", "fresh28", "fresh29", "fresh30", "fresh31", "fresh32", "fresh33", "fresh34", "fresh35", "fresh36", "fresh37", "fresh38", "fresh39", "fresh40", "fresh41", "fresh42", "fresh43", "fresh44", "fresh45", "fresh46", "fresh47", "fresh48", "fresh49", "fresh50", "fresh51", "fresh52", "fresh53", "fresh54", "fresh55", "fresh56", "fresh57", "fresh58", "fresh59", "fresh60", "fresh61", "fresh62", "fresh63", "fresh64", "fresh65", "fresh66", "fresh67", "fresh68", "fresh69", "fresh70", "fresh71", "fresh72", "fresh73", "fresh74", "fresh75", "fresh76", "fresh77", "fresh78", "fresh79", "fresh80", "fresh81", "fresh82", "fresh83", "fresh84", "fresh85", "fresh86", "fresh87", "fresh88", "fresh89", "fresh90", "fresh91", "fresh92", "fresh93", "fresh94", "fresh95", "fresh96", "fresh97", "fresh98", "fresh99", "fresh100", "fresh101", "fresh102", "fresh103", "fresh104", "fresh105", "holdout"])
def test_no_number_is_silently_dropped_on_the_corpus(split):
    from bench.understanding import dropped, load_split

    texts = [t["text"] for c in load_split(split) for t in c["turns"]]
    lost = [(t, d) for t in texts if (d := dropped(read(t)))]
    if split == "holdout":  # a count only: the holdout's items are never shown
        assert len(lost) == 0, f"{len(lost)} holdout messages drop a number"
    else:
        assert lost == []


def test_read_is_fast():
    texts = _corpus_texts()
    read(texts[0])
    times = []
    for t in texts:
        t0 = time.perf_counter()
        read(t)
        times.append(time.perf_counter() - t0)
    assert statistics.median(times) < 0.02  # measured ~1 ms on 2 cores; the computed block has 0.5 s


@pytest.mark.parametrize("split,floor", [("tune", TUNE_FLOOR), ("dev", DEV_FLOOR), ("fresh", FRESH_FLOOR),
                                         ("fresh2", FRESH2_FLOOR), ("fresh3", FRESH3_FLOOR),
                                         ("fresh4", FRESH4_FLOOR), ("fresh5", FRESH5_FLOOR), ("fresh6", FRESH6_FLOOR),
                                         ("fresh7", FRESH7_FLOOR), ("fresh8", FRESH8_FLOOR), ("fresh9", FRESH9_FLOOR),
                                         ("fresh10", FRESH10_FLOOR), ("fresh11", FRESH11_FLOOR), ("fresh12", FRESH12_FLOOR),
                                         ("fresh13", FRESH13_FLOOR), ("fresh14", FRESH14_FLOOR), ("fresh15", FRESH15_FLOOR),
                                         ("fresh16", FRESH16_FLOOR), ("fresh17", FRESH17_FLOOR), ("fresh18", FRESH18_FLOOR),
                                         ("fresh19", FRESH19_FLOOR), ("fresh20", FRESH20_FLOOR),
                                         ("fresh21", FRESH21_FLOOR), ("fresh22", FRESH22_FLOOR),
                                         ("fresh23", FRESH23_FLOOR), ("fresh24", FRESH24_FLOOR),
                                         ("fresh25", FRESH25_FLOOR), ("fresh26", FRESH26_FLOOR), ("fresh27", FRESH27_FLOOR),
                                         ("fresh28", FRESH28_FLOOR), ("fresh29", FRESH29_FLOOR), ("fresh30", FRESH30_FLOOR), ("fresh31", FRESH31_FLOOR),
                                         ("fresh32", FRESH32_FLOOR), ("fresh33", FRESH33_FLOOR), ("fresh34", FRESH34_FLOOR),
                                         ("fresh35", FRESH35_FLOOR), ("fresh36", FRESH36_FLOOR), ("fresh37", FRESH37_FLOOR),
                                         ("fresh38", FRESH38_FLOOR), ("fresh39", FRESH39_FLOOR), ("fresh40", FRESH40_FLOOR),
                                         ("fresh41", FRESH41_FLOOR), ("fresh42", FRESH42_FLOOR),
                                         ("fresh43", FRESH43_FLOOR), ("fresh44", FRESH44_FLOOR),
                                         ("fresh45", FRESH45_FLOOR), ("fresh46", FRESH46_FLOOR),
                                         ("fresh47", FRESH47_FLOOR), ("fresh48", FRESH48_FLOOR),
                                         ("fresh49", FRESH49_FLOOR), ("fresh50", FRESH50_FLOOR),
                                         ("fresh51", FRESH51_FLOOR), ("fresh52", FRESH52_FLOOR),
                                         ("fresh53", FRESH53_FLOOR), ("fresh54", FRESH54_FLOOR),
                                         ("fresh55", FRESH55_FLOOR), ("fresh56", FRESH56_FLOOR), ("fresh57", FRESH57_FLOOR),
                                         ("fresh58", FRESH58_FLOOR), ("fresh59", FRESH59_FLOOR),
                                         ("fresh60", FRESH60_FLOOR), ("fresh61", FRESH61_FLOOR),
                                         ("fresh62", FRESH62_FLOOR), ("fresh63", FRESH63_FLOOR),
                                         ("fresh64", FRESH64_FLOOR), ("fresh65", FRESH65_FLOOR),
                                         ("fresh66", FRESH66_FLOOR), ("fresh67", FRESH67_FLOOR),
                                         ("fresh68", FRESH68_FLOOR), ("fresh69", FRESH69_FLOOR),
                                         ("fresh70", FRESH70_FLOOR),
                                         ("fresh71", FRESH71_FLOOR),
                                         ("fresh72", FRESH72_FLOOR),
                                         ("fresh73", FRESH73_FLOOR),
                                         ("fresh74", FRESH74_FLOOR),
                                         ("fresh75", FRESH75_FLOOR),
                                         ("fresh76", FRESH76_FLOOR),
                                         ("fresh77", FRESH77_FLOOR),
                                         ("fresh78", FRESH78_FLOOR),
                                         ("fresh79", FRESH79_FLOOR),
                                         ("fresh80", FRESH80_FLOOR),
                                         ("fresh81", FRESH81_FLOOR),
                                         ("fresh82", FRESH82_FLOOR),
                                         ("fresh83", FRESH83_FLOOR),
                                         ("fresh84", FRESH84_FLOOR),
                                         ("fresh85", FRESH85_FLOOR),
                                         ("fresh86", FRESH86_FLOOR),
                                         ("fresh87", FRESH87_FLOOR),
                                         ("fresh88", FRESH88_FLOOR),
                                         ("fresh89", FRESH89_FLOOR),
                                         ("fresh90", FRESH90_FLOOR),
                                         ("fresh91", FRESH91_FLOOR),
                                         ("fresh92", FRESH92_FLOOR),
                                         ("fresh93", FRESH93_FLOOR),
                                         ("fresh94", FRESH94_FLOOR),
                                         ("fresh95", FRESH95_FLOOR),
                                         ("fresh96", FRESH96_FLOOR),
                                         ("fresh97", FRESH97_FLOOR),
                                         ("fresh98", FRESH98_FLOOR),
                                         ("fresh99", FRESH99_FLOOR),
                                         ("fresh100", FRESH100_FLOOR),
                                         ("fresh101", FRESH101_FLOOR),
                                         ("fresh102", FRESH102_FLOOR),
                                         ("fresh103", FRESH103_FLOOR),
                                         ("fresh104", FRESH104_FLOOR),
                                         ("fresh105", FRESH105_FLOOR),
                                         ("holdout", HOLDOUT_FLOOR)])
def test_corpus_floors(split, floor):
    from bench.understanding import evaluate, load_split

    report = evaluate(load_split(split))
    assert report["whole_scenario_accuracy"] >= floor, round(report["whole_scenario_accuracy"], 3)
    assert report["silently_dropped"] == 0


def test_per_intent_scores_count_a_wrong_intent_against_both_labels():
    """The per-intent figures: a turn read as one intent but labelled another is a miss of the label and a false
    hit of what was read; the right ones count for their intent only."""
    from bench.understanding import evaluate

    conv = [{"id": "t", "turns": [{"text": "привет", "intent": "greeting", "scenario": {}},
                                  {"text": "позовите живого менеджера", "intent": "vram", "scenario": {}}]}]
    per_intent = evaluate(conv)["per_intent"]
    assert per_intent["greeting"] == {"precision": 1.0, "recall": 1.0, "support": 1}
    assert per_intent["vram"] == {"precision": 1.0, "recall": 0.0, "support": 1}
    assert per_intent["handoff"] == {"precision": 0.0, "recall": 1.0, "support": 0}
