"""The phrase rules of the intent reader: multi-word cues (regular expressions on the message) that the
lemma cues of the lexicon (`intent_cues`) cannot state, and the shapes of greetings, follow-ups,
general questions and spec questions. Data only; `intent` scores and decides."""
from __future__ import annotations

import re

from assistant.scenario import Intent

# sixty-first pass: a generator's kilowatts ("генератор у меня на 2 квт его вытянет?"), not an image generator
GENERATOR = re.compile(r"генератор\w*[^.?!]{0,20}?\d+(?:[.,]\d+)?\s*(?:квт|ква|kw|kva)\b|"
                       r"\bgenerator\b[^.?!]{0,20}?\d+(?:[.,]\d+)?\s*(?:kw|kva)\b", re.I)
# seventieth pass: "what B200 count would you put in the proposal?", "what 4090 count do I need": how many, asked
_COUNT_ASKED = r"\bwhat (?:\w+ )?[\w-]*\d[\w-]* count\b"
CUES: list[tuple[Intent, str]] = [
    # seventeenth pass: buying the customer's old cards back or taking them in part-exchange is the vendor's people's
    # business ("вы выкупаете б/у карты", "do you buy back used gpus", "trade-in на 5090"); not "скупаем бу железо" (the customer's own trade, 33rd pass)
    ("handoff", r"\bвыкуп(?:ает|аете|аем|ите|ят|ать|ить|ка|у)\w*|\bна выкуп\b|\bbuy(?:ing)?[- ]?backs?\b|\bbuy (?:\w+ ){0,3}back\b|"
                r"\btrade[- ]?ins?\b|\btrad(?:e|ing) (?:\w+ ){0,2}in\b|\bв зач[её]т\b|\bпримете (?:\w+ ){0,2}в зач[её]т|"
                r"\bскупа(?!ем\b|ю\b)\w*|\bскупк\w*|\bтрейд[- ]?ин\w*"),
    # thirty-seventh pass: a tender's or a formal request for prices ("прошу предоставить ценовую информацию",
    # "Request for Information", "RFQ"): the vendor's people answer it
    ("handoff", r"ценов\w* (?:информаци|предложени)\w*|запрос\w* (?:цен|котировок|коммерческ)\w*|закупочн\w* процедур\w*|"
                r"request for (?:information|quotation|quote|proposal)|\brf[iqp]\b|\bune soumission\b|\bdevis\b|"
                r"(?:request|requesting|ask for|would like) (?:a |your )?(?:quotation|formal quote|price offer)|"  # 39th pass
                # fresh42: a reseller's own terms ("а дилерские цены у вас есть?")
                r"дилерск\w* (?:цен(?:а|ы|у|е|ой|ам|ах)?\b|скидк\w*|услови\w*|прайс\w*)|\bdealer (?:price|pricing|discount|terms)\w*|"
                r"оптов\w* (?:цен(?:а|ы|у|е|ой|ам|ах)?\b|скидк\w*)|\bwholesale (?:price|pricing|discount)\w*|"
                # sixty-first pass: the vendor's own price for an order ("если возьму восемь штук, какую цену дадите?")
                r"(?:как(?:ую|ие|ой)|по как(?:ой|им)) (?:цен[аеуы]\w*|скидк\w*) (?:\w+ )?(?:дадите|сделаете|предложите|отдадите|"
                r"продадите|будет для нас)|\bwhat (?:[\w-]+ )?(?:price|discount) (?:would|will|can|could) you (?:give|do|offer|make)\b|\bwhat (?:would|will|could) you charge (?:us )?for (?:\d+|ten|twelve|twenty|a dozen|a batch)\b|\bwhat'?s the best (?:\S+ )?price (?:you|u) can (?:do|give|offer)\b|\b(?:beat|match) (?:that|this|their) price\b|(?:сможете|можете|получится) (?:\w+ )?(?:дать|сделать|отдать) (?:\w+ )?дешевле|"
                r"\b(?:can|could|would|will) you (?:do|give|offer|make) (?:us |me )?(?:a )?(?:better|lower|special) (?:price|deal)\b"
                r"(?! than)|\bwhat (?:can|could|would) you do (?:on|about) (?:the )?prices?\b(?![- ](?:difference|performance|of))|\bцену (?:\w+ )?получше (?:\w+ ){0,3}(?:сделаете|дадите)|(?:подвинуться|подвинетесь|уступите|уступить) (?:\w+ )?(?:по )?цен|"
                r"подвинетесь,? если (?:\w+ ){0,3}(?:возьм|бер[её]|закаж|купит|куплю|купим)\w*|спеццен\w*|special pricing|с кем (?:можно )?(?:обсудить|поговорить)\b|"
                r"who (?:do|can|should) (?:i|we) (?:talk|speak) to\b"),
    # sixty-first pass: whether the data stays inside ("данные при такой схеме точно не уходят наружу?", "does any data
    # leave the building?"): the guide's answer, no figure
    ("knowledge", r"данн\w*[^.?!]{0,30}\b(?:уход\w*|утека\w*|ушл\w*|передаю\w*|отправля\w*) (?:\w+ )?(?:наружу|в интернет|в облако|"
                  r"за периметр|третьим лицам)|утечк\w* данн\w*|(?:does|will|would|could) (?:any |our |the )?data (?:ever )?"
                  r"(?:leave|leak|go out)|data (?:leaving|leakage|leaks?)\b"),
    # thirty-eighth pass: whether quantising makes a model dumber is a question of knowledge, not of sizing
    ("knowledge", r"квант\w*[^.?!]{0,40}(?:тупе|глупе|хуже|качеств\w* (?:пада|теря)|теря\w* качеств)|(?:тупе|глупе)\w*[^.?!]{0,30}квант|"
                  r"quanti[sz]\w*[^.?!]{0,40}(?:dumber|stupider|worse|quality (?:drop|loss)|lose\w* quality)|"
                  # sixty-first pass: "how much quality do I actually lose running it in FP4 instead of FP8?"
                  r"\bhow much quality\b|\bquality (?:do|would|will) (?:i|we|you) (?:\w+ )?lose\b|"
                  r"(?:сколько|насколько) (?:\w+ )?(?:качества|качество) (?:\w+ )?(?:теря\w*|потеря\w*|упад\w*)"),
    # (seventy-sixth pass: not "заложить … в заявку": the paper a figure goes into, no request; "добавьте в заявку" is one)
    ("handoff", r"(?<!\bв )(?<!\bдля )заявк|(?:добав\w*|внес\w*|включ\w*|впиш\w*) (?:\w+ ){0,3}в заявк\w*|"
                r"в заявк\w* (?:\w+ ){0,2}(?:добав\w*|внес\w*|включ\w*|впиш\w*)|оформить|менеджер|свяжитесь|свяжите|связаться|перезвон|позвоните|коммерческ\w* предложени|\bкп\b|\bсч[её]т на|"
                r"выставьте сч|сч[её]т\w* (?:\w+ )?(?:выставьте|выставите|выпишите|пришлите|скиньте)|(?:пришлите|пришли|выставить|выставите|нужен|выпишите|скиньте) (?:\w+ )?сч[её]т|сч[её]т на оплату|"
                r"(?:send|email|e-mail|get|want|need) (?:me |us )?a quote|"
                # seventy-sixth pass: "please have sales send a proforma"
                r"\bpro[- ]?forma\b|\bпроформ\w*|\bhave (?:sales|your sales team|a manager|someone) (?:send|call|contact|email)\b|"
                r"(?:formal|written|commercial) (?:\w+ )?proposal|put (?:one|a proposal|a quote|an offer) together|"
                # forty-ninth pass: "пришлите цену на почту", "could someone send me a price and lead time"
                # (a channel said: "скиньте цену на h200" alone is the catalog's price, a spec question)
                r"(?:пришлите|пришли|вышлите|скиньте|скинь|отправьте) (?:мне |нам )?(?:\w+ )?(?:цен[уы]|стоимость) "
                r"(?:\w+ ){0,3}?(?:на (?:почту|мыло|e-?mail|имейл|емейл|мейл)|в (?:вотсап|ватсап|whatsapp|телеграм\w*|тг))\b|"
                r"(?:send|email|e-mail) (?:me |us )?a (?:formal |written |firm |proper )?(?:price|quote)\b|(?:share|send) (?:\w+ )?quotation|\bwhats ?app\b|contact me|call me|someone from sales|"
                r"(?:нам |мне )?как (?:партн[её]рам|дилерам|реселлерам)|услови\w* (?:для|по) (?:дилер|партн[её]р|реселлер|оптовик)\w*|(?:for|to) (?:us as )?(?:partners|resellers)\b|"
                r"talk to (?:a|your) manager|place an order|оформить заказ|(?<!не )оптом|\bопт\b|(?<!не )\bпо опту\b(?! не\b)|(?<!\bnot buying )(?<!\bnot )(?<!\bno )\bwholesale\b|\bоптов\w+ (?:цен|скидк|услови|прайс)\w*|\b(?:can|could|please|pls)\b(?:(?!\b(?:don'?t|not|never)\b)[^.?!]){0,30}\b(?:ring|phone) (?:me|us)\b|\b(?:can|could|may) (?:i|we) (?:phone|ring|call) you\b|\b(?:buy|pay|order) (?:\w+ ){0,3}(?:with|in|by) (?:an? )?install?ments?\b|give (?:me|us) a (?:ring|call)|\b(?:someone|somebody|anyone|anybody) (?:on|from) (?:your|the) sales side\b|volume pricing|рассрочк|\bндс\b|"
                r"как (?:у вас )?(?:можно )?купить|how (?:can i|do i|do we|to) (?:buy|order|purchase)|где (?:у вас )?(?:купить|заказать|оформить)|"
                r"(?:хочу|хотим|хотел\w*) (?:бы )?(?:\w+ )?(?:заказать|приобрести)|(?:want|like) to (?:order|purchase)|"
                r"лизинг|leasing|частями|in installments|payment plan|pay in parts|\bship(?:ping)? to|доставк|delivery|"
                r"call ?back|from (?:your )?sales|sales (?:team|rep|department)|get in touch|reach out|"
                r"(?:от|from) \d+ (?:штук|шт|pcs|units|pieces)|при заказе|\bbulk\b|in volume|"
                # a batch to order, not one the customer holds ("есть партия rtx a5000, что за карта": a spec question)
                # thirty-second pass: nor one the customer bought ("взял партию тесл p40 ... под какие модели")
                r"(?<!есть )(?<!имеется )(?<!у нас )(?<!у меня )партия|(?<!взял )(?<!взяли )(?<!купил )(?<!купили )(?<!закупил )"
                r"(?<!закупили )(?<!достал )(?<!урвал )партию|партией|"
                r"\bany (?:better|lower|special) (?:price|pricing|deal|discount)\b(?![- /]*(?:performance|to|per))|"
                r"\b(?:поч[её]м|за сколько|по ч[её]м|по какой цене) (?:\w+ )?(?:отдадите|продадите|уступите)\b|"
                r"\b(?:send|share|email|forward|provide|get)\b[^.?!]{0,30}\bprice ?lists?\b|\bpartner (?:price|pricing|program|terms|"
                r"discount)\w*|\bв лизинг\b|"  # 67th pass
                r"\bleas(?:e|ing) (?:options?|terms|plans?)\b|\b(?:can|could) (?:we|i|they) lease\b|"
                r"договор|прайс|партн[её]рск|тендер|закупк|контакты|скиньте контакт|поставк|"
                r"скидк|\bdiscounts?\b|(?:your |ваш\w* )?(?:best|lowest) price|лучш\w+ цен|на реализаци|consignment|"
                r"(?:приехать|приедете|выезд\w*) (?:\w+ ){0,3}(?:настро|установ|смонтир|подключ)|(?<!running )(?<!run )(?<!hosted )(?<!host it )(?<!deployed )\bon-?site\b|под ключ|turnkey|"
                # a talk with one of the vendor's people: "пообщаться с вашим инженером", "someone from your side on a call"
                r"(?:пообщаться|поговорить|побеседовать|созвониться|встретиться) с (?:\w+ ){0,2}(?:инженер|специалист|эксперт|"
                r"пресейл|архитектор|сотрудник)|someone (?:from|on) your (?:side|team|end)|(?:on|hop on|jump on|set up|schedule|"
                r"book) a (?:quick )?call\b|"
                # a person asked for, however worded: "соедините с живым человеком", "connect me with a human", "put me
                # through to an actual person", "speak with a solutions architect", "кто-нибудь из ваших инженеров"
                r"\b(?:соедини\w*|переключи\w*|переведи\w*),? (?:\w+,? ){0,2}(?:с|на) (?:\w+ ){0,2}(?:человек|оператор|менеджер|"
                r"специалист|сотрудник|инженер|отдел)|\bconnect me\b|\bput me through|"
                r"(?:жив\w+|реальн\w+|настоящ\w+) (?:человек\w*|оператор\w*|специалист\w*)|"
                r"\b(?:to|with) (?:a|an|some|one|real|actual|live) (?:real |actual |live )?(?:human|person)\b|"
                r"(?:talk|speak|chat) (?:to|with) (?:someone|somebody|sales|a (?:\w+ )?(?:engineer|architect|specialist|expert|rep))|"
                r"(?:кем|кого|кто|человек\w*)[- ]?(?:нибудь|то)? из (?:ваш\w+ )?(?:команд\w*|инженер\w*|сотрудник\w*|специалист\w*)\b(?! (?:что|чего) (?:спрашива|дела|писа|смотре|запрашива))|"
                r"для созвона|"
                # twenty-third pass: contact details left for the vendor's people ("мой телефон 8 912 ... звоните после
                # обеда", "пишите на почту", "my number is ..., text me")
                r"\b(?:мой|моя|наш|наша) (?:\w+ )?(?:телефон|номер|почта|email|e-mail|емейл|имейл|мейл|телеграм|телега)"
                r"(?: для связи)?[:\s-]*(?:[+\d@]|\S+@)|\bтелефон для связи|"
                r"\b(?:звоните|пишите|наберите) (?:мне |нам )?(?:на|после|до|с|в|по)\b|"
                r"\bmy (?:phone|number|cell|mobile|email|e-mail)(?: number)?(?: is)?[:\s-]*(?:[+\d@(]|\S+@)|"
                r"\b(?:text|email|reach) (?:me|us) (?:at|on)\b|"
                # twenty-first pass: what the vendor owes after the sale: a warranty, a visit of its engineer, papers it
                # issues ("гарантия на сервер сколько лет", "выезд инженера есть", "вы документы на оборудование дадите")
                r"\bгаранти(?:я|ю|и|ей|йн\w*)\b|\bwarranty\b|выезд\w* (?:\w+ ){0,2}инженер|\bengineer (?:visit|on site)|"
                r"(?:документ\w*|сертификат\w*|паспорт\w*) (?:\w+ ){0,4}(?:дадите|предоставите|выдадите|пришл[её]те|вышлете)|"
                r"(?:дадите|предоставите|выдадите|пришл[её]те|вышлете) (?:\w+ ){0,3}(?:документ|сертификат|паспорт)|"
                r"(?:provide|send|issue) (?:us |me )?(?:\w+ ){0,2}(?:documentation|certificates?|paperwork)|"
                r"[\w.+-]+@[\w-]+\.[a-z]{2,}"),  # an e-mail address written out: send it there
    ("compare", r"сравн|\bvs\.?\b|\bversus\b|compare|\bили\b|\bor\b|разниц|difference|отлича|против|лучше|better|"
                r"for comparison|быстрее|faster|"
                # twenty-eighth pass: one card set against another ("would an h20 box beat an l20 box", "обгонит ли")
                r"\bbeats?\b|\boutperforms?\b|\bобгон\w*|\bобойд[её]т\b|\bперегон\w*|"
                r"\bstacks? up (?:against|to|with)\b|\bmeasures? up (?:against|to)\b"),  # fresh41: "how does it stack up against"
    ("upgrade", r"what (?:else )?needs? (?:adding|to be added)|"  # seventy-sixth pass: "What needs adding?"
                r"what else (?:do|should|would) (?:i|we|they)|что (?:ещ[её] )?(?:нужно |надо )?(?:ещ[её] )?докуп|(?<!л, )(?<!ла, )(?<!ли, )чего не хватает|сколько (?:\w+ )?не хватает|what(?:'s| is) missing|need to add|сколько (?:карт )?(?:ещё|еще) (?:добавить|докупить|нужно)|докупить|добавить|what (?:should|do|does|would) (?:i|we|they|he|she|the (?:client|customer)) (?:need to |have to )?add(?! to (?:my|our|the|your|a) (?:\w+ )?bill)|what (?:do |should )?(?:i|we) (?:need to |have to )?buy (?:additionally|in addition|on top)|(?:buy|get) additionally|what to add|нужно добавить|upgrade|upgrading|апгрейд|"
                r"if not,? what should|what (?:does|would|will) it take|(?:need|buy|add|get) (?:a few |some |any )?more (?:cards|gpus)|"
                r"(?:нужно|надо|нужны|придётся|придется) (?:ещё|еще|больше) (?:карт|видеокарт|гпу)|how many more(?! users| people| requests| tokens| hours)"),
    ("power", r"\bза свет\b|\bмощност\w* (?:блока|бп)\b|\bкакую (?:(?:пиков|максимальн|суммарн|общ|потребляем|электрическ)\w* )?мощность\b(?! (?:видюх|видях|видеокарт|карт|gpu|гпу|сервер|железа|компа|процессор)\w*)|\b(?:возьм[её]т|бер[её]т|брать|тянет|тянуть|потребля\w*) (?:\w+ ){0,2}из (?:сети|розетки)\b|\b(?:бер[её]т|жр[её]т|кушает|потребля\w*) (?:\w+ )?в пике\b|\b(?:лини\w*|автомат\w*|ввод\w*|розетк\w*|кабел\w*) (?:\w+ ){0,2}в щитов\w*|\bpeak draw\b|\d\s?(?:kw|квт)\b|сч[её]тчик|electric(?:ity)? bill|power bill|power budget|rack power|(?<![а-яё])тепл(?!ом\b|ая\b|ый\b|ое\b|ые\b|о\b|иц|ичн|овиз)\w*|\bheat\b|тепловыдел|\bbtu\b|кондиционер|air ?con|\bбп\b|wattage|how many watts|сколько потребляет|power consumption|блок\w* питани|\bpsu\b|power supply|питани|ватт|\bвт\b|watt|электричеств|electricity|киловатт|"
              r"потребля|потребление|энергопотреб|12vhpwr|разъ[её]м|connector|\bpower\b|\bdraw\b|\btdp\b|\bибп\b|\bups\b|" +
              GENERATOR.pattern),
    ("cost", r"rent vs|rent or buy|buy or rent|on-?prem vs|vs cloud|аренд\w* или покуп|покупк\w* или аренд|окупаемост|облак|cloud|аренд|\brent|\bокуп|payback|break-?even|pay\s?off(?!s\b)|выгодн|дешевле|cheaper|стоимость владения|"
             r"\btco\b|owning|worth buying|стоит ли (?:покупать|брать)|usage doubles|"
             r"(?:buying|to buy|owning)\b[^.?!]{0,30}\bworth it|colab|колаб|kaggle|runpod|vast\.ai"),
    # seventeenth pass: how many people the hardware serves at once is the speed sum's question ("how many concurrent
    # calls can one l40s handle", "сколько пользователей потянет", as the corpus labels it)
    ("speed", r"how many (?:concurrent |simultaneous |parallel )?(?:users|people|calls|requests|sessions|chats|agents|seats|"
              r"customers|clients|guests|visitors|students|employees|staff) (?:(?!at\b)[\w-]+ )?(?:at once |simultaneously |in parallel )?"
              r"(?:(?:can|could|will|would|does|do)\s+(?:[\w-]+\s+){0,4}(?:handle|serve|support|sustain|take)\b|"
              r"before (?:it|things?) (?:chokes?|slows?|dies|breaks?))|"
              r"сколько (?:одновременн\w* |параллельн\w* )?(?:пользовател\w*|человек|запрос\w*|юзер\w*|звонк\w*|чат\w*|"
              r"сесси\w*|клиент\w*|операторов|диалог\w*|разговор\w*|поток\w*|агент\w*|беседы|бесед) (?:\w+ )?"
              r"(?:потян\w*|выдерж\w*|обслуж\w*|держит|вытян\w*|осил\w*|вывез\w*|тащит|потащит)"),
    # twentieth pass: outputs made per unit of time ("сколько картинок в минуту", "images per minute"): a rate
    ("speed", r"(?:картин\w*|изображени\w*|images?|pictures?|кадр\w*|frames?|слов\w*|words?|страниц\w*|pages?)\s+(?:в|per|an?)\s+(?:минут\w*|секунд\w*|час\w*|hours?|"
              r"час\b|minute|second|sec\b|hour)"),
    # fresh43: "сколько врачей одновременно она потянет?": whoever they are, how many at once the setup serves
    ("speed", r"сколько [а-яё]+ (?:одновременно|разом|параллельно|за раз) (?:\w+ )?(?:потянет|выдержит|вытянет|обслужит|осилит)"),
    # fiftieth pass: "если все 12 разом навалятся, долго ответ ждать придётся?"
    ("speed", r"\bдолго (?:\w+ ){0,2}жда\w*|\bждать (?:\w+ )?(?:долго|ответ\w*)|\bсколько (?:\w+ )?ждать(?![^.?!]{0,25}(?:поставк|доставк|заказ|отгрузк|привез|привоз))|"
              r"\bhow long (?:\w+ ){0,3}wait(?! (?:\w+ ){0,2}(?:delivery|shipping|order))"),  # (not "сколько ждать поставку")
    ("speed", r"how quick(?:ly)?\b|snappy|responsive|отзывчив|скорост|latency|латентн|задержк|generation speed|токенов в сек|ток/с|т/с|tok/s|tokens? per sec|tokens?/s|how fast(?! (?:\w+ ){0,2}(?:ship|deliver))|насколько быстр|как быстро(?! (?:\w+ )?(?:привез|привоз|доставит|доставят|доставите|отгруз|пришл|поставит|поставите))|"
              r"\bt/s\b|\btk/s\b|\btps\b|\bтпс\b|ток(?:ен(?:ов|а)?)?\s?(?:/|в)\s?с(?:ек\w*)?\b|tokens? a second|"
              r"throughput|decode speed|decode rate|\btoken rate\b|\bper-user rate\b|before it chokes|захлебн\w*|how many (?:concurrent |simultaneous )?(?:users|people|requests) "
              r"(?:can|could|before|until|(?:will|would)(?! (?:be )?us(?:e|ing)\b| need\b| access\b| work (?:on|with)\b))|сколько (?:\w+ )?(?:пользовател\w*|юзер\w*|человек|запрос\w*) "
              r"(?:\w+ )?(?:потянет|выдержит|вытянет|обслужит|тянет|держит)|"
              r"сколько (?:\w+ )?(?:потянет|выдержит|вытянет|обслужит|осилит|вывезет|потащит) (?:одновременн\w* |параллельн\w* )?"
              r"(?:пользовател\w*|юзер\w*|человек|запрос\w*|операторов|диспетчер\w*|сотрудник\w*|клиент\w*|чат\w*|"
              r"диалог\w*|разговор\w*|сесси\w*|поток\w*|агент\w*)|мало токенов|токенов будет|how many tokens|"
              r"пропускн\w* способн\w* (?:в|по) токен|\bits?(?:/| per )s(?:ec)?\b|iterations? (?:per|a) sec"),
    ("knowledge", r"как (?:(?:в|во|у) (?:vllm\w*|ollam\w*|олл?ам\w*|llama\.?cpp|lm ?studio|sglang|tensorrt[\w-]*|exllam\w*|transformers|pytorch|cuda|gguf|mig|nvlink\w*) )?(?:работает|устроен)|how (?:does|do) \S+ work|what (?:is|are) (?:a |an |the )?(?:kv|mig|nvlink|quantization|lora|vllm|ollama|gguf|moe|(?:\w+ )?attention|speculative|(?:tensor|pipeline|expert) parallel|(?:continuous |in-?flight )?batching|offloading|mixture of experts|distillation)|(?<!\bthat )(?<!\bwhich )(?<!\bwho )(?<!\bto )\bexplain|объясни|"
                  # thirty-second pass: where the data goes ("does anything phone home", "is the data ever sent outside")
                  r"phones? home|telemetry|телеметри|(?:data|anything) (?:\w+ ){0,2}(?:sent|leav\w*|leak\w*) (?:outside|out|anywhere)|"
                  r"утечк\w* данных|(?<!чтобы )(?<!чтоб )данные (?:\w+ )?(?:уход\w*|утека\w*|передаю\w*|отправля\w*) (?:наружу|куда-?то|в интернет|на сторону)|"
                  r"how does|зачем|почему|why |pros and cons|плюсы и минусы|что такое|what is mig|разниц(?!а в цене)|difference between|diff between|нужен ли|нужна ли|нужно ли|нужны ли|"
                  r"do (?:we|i) need (?:nvlink|infiniband|ecc|liquid|a ups)|\bneeds? (?:an? )?(?:nvlink|infiniband)\b|(?:nvlink|infiniband) (?:matters?|necessary|required|needed)\b|is it legal|licen(?!s\w*ed\s+(?:users|seats)\b)(?<!\d\slicen)|лиценз|можно ли (?:ставить|их)|"
                  r"есть ли смысл|безопасно\b|which is better|что лучше (?!взять|крутить|запуск|гонять|поставить)|с чего начать|амортизац|allowed|"
                  r"перегре\w*|overheat\w*|продув\w*|\bairflow\b|\bhurts?\b|портит|ухудша\w*|влия\w+ на качеств|quality loss|потер\w+ (?:в )?качеств|affects? (?:the )?quality|"
                  r"теря\w* (?:в )?качеств|качеств\w* (?:\w+ )?(?:теря|пада|страда)|насколько хуже|how much worse|"
                  r"is \S+ worth it|worth (?:it|trying|using) for|стоит ли (?:пробовать|использовать|связываться|заморачиваться)|"
                  r"коммерческ\w* (?:цел|использ|проект)|commercial(?:ly| use)|драйвер|\bdrivers?\b|\bcuda\b|docker|ubuntu|linux|"
                  r"охлажд|cooling is|how to cool|обязательн\w* ли|отлича(?:ю|ет|ют|ие|ия)|\bdiffer\b|\bdifferent from\b|(?<!ними )(?<!через )(?<!over )(?<!with )(?<!via )infiniband|noticeably better|норм будет работать|лучшая модель|best model"),
    ("models_for_hardware", r"как(?:ие|ую|ая) (?:\w+ )?(?:модел|нейросет|нейронк|llm|ллм)|"
                            r"что (?:из [\w ]+)?(?:на н\w+ )?(?:реально |вообще )?(?:можно |получится |смогу |могу |лучше |стоит |имеет смысл )?(?:на н\w+ )?(?:запустить|крутить|"
                            r"покрутить|развернуть|гонять)|что (?:из [\w ]+ )?(?:на н\w+ )?(?:пойд[её]т|влезет|запустится|заведётся|заведется)|"
                            r"что (?:на н\w+ )?(?:клиенты|пользователи|студенты|арендаторы|ученики) (?:на н\w+ )?(?:смогут|могут) (?:запустить|крутить|гонять)|"
                            r"(?:what|which) (?:open )?(?:\w+ )?(?:models?|llms?)\b|what can (?:i|we|they|he|she|you|(?:the |our |my |your )?(?:clients?|customers?|users?|students?|renters?|tenants?|team|staff|people)) run|"
                            r"what could we run|what (?:will|would) (?:run|fit)|"
                            # seventieth pass: "the biggest model my rtx a4000 can handle", "самую большую модель, что потянет"
                            r"\b(?:biggest|largest) (?:model|llm)s? (?!(?:like |such as |of )?\d)(?:[\w'-]+ ){0,5}?(?:can|could|will|would) (?:handle|run|fit|hold|take)\b|"
                            r"\bсам(?:ую|ая) (?:больш|крупн)(?:ую|ая) (?:модел|нейросет|нейронк|ллм)\w*(?![, ]+(?:на |типа |в )?\d)[, ]+(?:[\w-]+ ){0,4}?"
                            r"(?:потян|запуст|влез|пойд|заведётся|заведется)|на что способ\w+|на что (?:\w+ )?хват\w+|"
                            r"what can (?:my|our|this|a|an|the) \S+(?: \S+)? (?:do|handle|run)\b|"
                            r"что[- ]?(?:нибудь|то)\b[^?.!]{0,20}?(?:запуст\w*|пойд[её]т|влез\w*|потян\w*|заработа\w*|поед\w*|завед[её]тся)|"
                            r"\bчто (?:\w+ )?(?:запустится|пойд[её]т|влезет|поместится|потянет|заработает|поедет)\b|"
                            # fifty-first pass: "пойдёт на нём какой чат-бот?": a kind of model asked for the machine described
                            r"\b(?:пойд[её]т|пойдут|запустится|заработает|потянет|влезет) (?:ли )?на (?:н[её]м|них|этом|этой) (?:хоть )?как(?:ой|ая|ое|ие)\b|"
                            r"(?:переделать|приспособить|перепрофилировать|использовать) (?:\w+ ){0,2}под (?:нейр|ии\b|ai\b|ллм|llm|модел)|"
                            r"repurpose|use (?:them|it|those) for (?:ai|llms?|inference)|"
                            r"anything (?:i|we) (?:can|could) run|(?:will|would|can) anything (?:run|fit)|"
                            r"(?:models?|llms?) (?:that )?(?:i|we|you) (?:can|could) (?:run|fit|host|serve|load)|"
                            r"модел\w* (?:можно|могу|можем|смогу|сможем|получится|реально) (?:запустить|крутить|гонять|поставить|завести)"),
    # sixty-seventh pass: "4070 ти супер скок щас": a card's price now, said in two words
    ("gpu_info", r"\b(?:скок[аоу]?|сколько)\s+(?:щас|сейчас|нынче)\s*\??\s*$"),
    ("gpu_info", r"what (?:are|do|would) you (?:charging|charge|asking|ask) for\b(?! \d| (?:ten|twelve|twenty|a dozen|a batch)\b)|сколько (?:вы )?(?:просите|хотите) за\b|"
                 r"what(?: does|'s| is) (?:an? |the )?[^?]{0,30}\bcost\b(?! of own)|\bwhat (?:an? |the |one )?[\w-]*\d[\w-]*(?: \w+)? costs\b|"
                 r"\bhow much (?:does|do|would|will) (?:an? |the |one )?[\w-]*\d[\w-]*s?(?: \w+)? (?:go for|sell for|set (?:me|us) back)\b|"
                 r"\bwhat(?:'s| is| are) (?:an? |the |one )?(?:used |new |second-hand |refurbished )?(?:\w+ )?[\w-]*\d[\w-]*s?(?: \w+)? "
                 r"(?:going|selling) for\b|"
                 r"\bwhat (?:does|do|would|will) (?:an? |the |one )?[\w-]*\d[\w-]*s?(?: \w+)? (?:go for|sell for|cost)\b|"
                 r"\b(?:how much|what) (?:do|would|will) (?:you|u|y'all)(?: guys)? (?:sell|charge|want|ask) (?:for )?"
                 r"(?:(?:an? |the |one |your )[\w-]*\d[\w-]*|(?!\d+\s)[\w-]*\d[\w-]*)s?(?: \w+)?(?: for)?(?:\s*(?:[?.!,]|$)|\s+(?:tbh|these days|right now|now|today)\b)|(?:сколько|скок[аоу]?)(?: \w+)? сто[ияю]т|памят\w* у (?:rtx |nvidia )?\w*\d|how much (?:memory|vram) does (?:the |an? )?\S*\d\S* have|how much (?:memory|vram) does (?:it|that|this(?: card)?) have|"
                 r"что (?:это )?за (?:зверь|зверюг\w*|зверушк\w*|железяк\w*|железк\w*)|(?:сколько|скок[аоу]?) у (?:не[её]|него|них) пам[яи]т|"  # 41st pass: "партию h20. что это за зверь"; 43rd: "зверюга", "памити"
                 r"memory bandwidth of|bandwidth|стоимость|how much (?:is|are) (?:the |an? )?(?:\S+ )?\S*\d|"
                 r"\bцен[аеуы]\b|цену|стоимость карт|\bprice\b|\bpriced\b|comes? with|в комплект\w*|комплектаци\w*|"
                 r"how much (?:would|will) (?:a|an|the|one|two|three|four|six|eight|\d+) [^?]{0,40}\bcost\b(?! to)|how much (?:does|is|are|do) "
                 r"[^?]{0,40}cost|\bcost of\b|характеристик|спек|\bspecs?\b(?! librar| documents?| sheets? (?:of|from) our)|пропускн(?!\w* способн\w* (?:в|по) токен)|что за сервер|что за карт|"
                 r"расскажи\w* (?:про|о|об)\b|tell me about|in stock|lead time|availability|\bavailable\b|active cooling|passive|в наличии|can i order|заказать"),
    ("recommend", r"advise (?:on |us on |me on )?(?:the |a |suitable |appropriate )?(?:hardware|server|config\w*|setup|gpus?)|"
                  r"подскажите сервер|какая видеокарта|какую gpu|which gpu should|what would you recommend|suggest|"
                  r"spec out|собрать сервер|what to buy|which card|what config|какой конфиг|какой сервер|какую карт|какие карт|какую видеокарт|какие видеокарт|какую видюх|что взять|что выбрать|"
                  r"посоветуе|подбер|подобрать|recommend|which (?:gpu|server|card)|what (?:gpu|server|hardware|card)|"
                  r"what do i need|какое железо|по железу|" + _COUNT_ASKED + r"|какая конфигурац|конфигурац|сколько карт|how many (?:gpu|card)|"
                  r"что нужно|что купить|what should i buy|best (?:server|card|node)|smallest gpu|лучший сервер|"
                  r"(?:best|top) (?:\w+ )?(?:gpus?|graphics cards?|video cards?|cards?) (?:under|for|below|within|up to)|"
                  r"лучш\w+ (?:видеокарт\w*|карт\w*|видюх\w*|гпу) (?:до|за|в пределах|под)|"
                  r"что (?:можно|лучше|стоит|нам|мне|нам можно|мне можно) (?:взять|купить|брать)|"
                  r"какое оборудование|конфиг|варианты сервер|sizing|what setup|what can we do|what can i build|"
                  r"предложите|предложить|what do i quote|на какой карте|какая карта нужна|реально\?|подъ[её]мно|"
                  r"сколько оперативк|what hardware|нужен сервер|нужен on-prem|"
                  r"помоги\w* (?:мне |нам )?(?:выбрать|подобрать)|help (?:me |us )?(?:choose|pick)|"
                  r"на каких (?:картах|видеокартах|видюхах|гпу|gpu)|how many (?:do|would|will|should) (?:we|i) need"),
    ("vram", r"\bmemory\?|- memory|gpu memory|vram requirement|memory requirement|requirements|can i fit|does it fit|займ[её]т|"
             r"memory footprint|footprint in (?:memory|vram)|"  # seventy-fourth pass: "what memory footprint should we plan for?"

             r"сколько гигов|хватит|хватает|поместит|влез|сколько (?:нужно )?(?:видео)?памят|сколько (?:vram|врам\w*)|памят|how much (?:vram|memory)|"
             r"memory (?:needed|for)|\benough\b|\bfit\b|fits|потянет|тянет|пойд[её]т|пойдет|запустится|заработает|"
             r"handle|hold it|cover(?! letter)|possible|сколько гб|сколько гиг|how many gb|can (?:i|my|we|it) |can \w+ run|"
             r"\bvram\b|норм\?|запущу|will it work|реально|сколько надо|сколько нужно|сколько (?:\w+ )?вес\w+|"
             r"how (?:big|large|heavy) is|"
             # sixty-first pass: "а гпт осс 120 вообще можно завести?": can it be started at all
             r"(?:можно|получится|удастся|выйдет) (?:\w+ )?(?:завести|запустить|поднять|раскатать)\b"),
]
CUE_RE = [(name, re.compile(p, re.I)) for name, p in CUES]
COUNT_ASKED = re.compile(_COUNT_ASKED, re.I)
# seventieth pass: "What's the TDP and memory on the A40?", "какое у H200 тдп и сколько памяти?": a card's specs
TDP_AND_MEMORY = re.compile(r"\b(?:tdp|тдп|power draw)\b[^.?!]{0,25}\b(?:memory|памят\w*|vram)|\b(?:memory|памят\w*|vram)\b[^.?!]{0,25}"
                            r"\b(?:tdp|тдп|power draw)\b", re.I)
DOMAIN = re.compile(r"без (?:доступа (?:в|к) )?интернет|нет интернет|интернет\w* (?:нет|не будет)|закрыт\w* контур|offline|офлайн|air-?gapped|gpu|гпу|видеокарт|видюх|карт[аыуе]|vram|видеопам|памят|сервер|server|nvlink|нвлинк|cuda|"
                     r"(?:\b|q)lora|(?:\b|q|ку)лор[аыуеой]|llm|модел|model|нейросет|нейронк|inference|инференс|обучен|train|kv|контекст|context|"
                     r"rtx|h100|a100|4090|5090|mig|охлажд|cooling|стойк|rack|pcie|nvme|озу|ram|драйвер|driver|"
                     r"vllm|ollama|tensorrt|docker|квантиз|quantiz|бп|psu|ватт|watt|облак|cloud|токен|token|attention|"
                     r"батчинг|batching", re.I)
GREETING = re.compile(r"^\s*(?:(?:привет\w*|спасибо\w*|благодарю|thanks?(?: you)?|thx|здравствуй\w*|здаров\w*|здоров[оа]|здрасьт\w*|здрасте|добрый (?:день|вечер)|"
                      r"доброе утро|доброго времени суток|(?:hi|hello|hey) there|hi|hello|hey|good (?:morning|afternoon|evening)|вс[её] понятно|понятно|ясно|got it|"
                      r"ok(?:ay)?|ок|that'?s all|cheers|great|отлично|супер|super|helpful|very helpful|super helpful|that helps|полезно|большое|огромное|a lot|so much|very much|"
                      r"понял\w*|принял\w*|принято|ладно|хорошо|всем|круто|cool|nice|perfect|awesome|understood|"
                      r"добрый|доброго|дня|вечера|утра|вечер|день|ку|прив|привки|хай|sup|yo|hiya|howdy|morning|evening|коллеги|друзья|"
                      r"all|everyone|folks|team|guys|y'?all|ребят\w*|народ|"
                      # sixty-seventh pass: "good evening! just looking around for now", "пока просто присматриваюсь"
                      r"(?:i'?m |we'?re )?just (?:looking|browsing)(?: around)?(?: for now)?|(?:пока )?просто (?:смотрю|присматриваюсь|"
                      r"гляжу|изучаю)(?: пока)?|"
                      r"есть кто(?:-нибудь|-то)?(?: живой| живые| тут| здесь)?(?: на (?:связи|линии|месте))?|кто-нибудь (?:тут|здесь|есть)|"  # 42nd pass
                      r"anyone (?:there|here|around|alive)|is any(?:one|body) (?:there|here)|anybody (?:there|here|home)|"
                      r"вы (?:тут|здесь|на связи)|(?:are )?you (?:there|around)|"
                      # 43rd pass: asking leave to ask, an introduction, a closing that takes the answer away
                      r"(?:можно|могу) (?:задать|спросить)(?: (?:вам|пару|пару-тройку|несколько|один))?(?: вопрос\w*)?|"
                      r"(?:можно|могу) (?:вам )?(?:пару |один )?вопрос\w* (?:задать|спросить)|"  # fresh42: "можно вопрос задать"
                      r"(?:можно|могу) (?:вам )?(?:задать )?(?:пару |один |глуп\w+ |дурацк\w+ |нубск\w+ |странн\w+ |чайник\w* )?вопрос\w*"
                      r"(?: задать)?(?: (?:не (?:совсем |совсем не )?|не только )?"
                      r"(?:(?:про|о|по) (?:покупк\w*|железо|железу|технике|делу|теме|видюх\w*|видях\w*|видеокарт\w*|"
                      r"нейронк\w*|нейросет\w*)|техническ\w*|по делу))?|"  # forty-ninth: "можно вопрос не совсем
                      # про покупку?"; fifty-first: "можно вопрос не совсем технический?"
                      r"(?:can|may|could) i ask(?: you)?(?: (?:a|a few|a couple of|some))?(?: questions?)?|"
                      r"(?:a )?quick question(?: (?:if|for) (?:anyone|anybody|someone)(?:'s| is)? (?:around|there|here))?|"  # fifty-seventh pass
                      # forty-eighth pass: "подскажете ещё кое-что?", "хотела спросить пару вещей", "можно у вас спросить
                      # про компьютер под нейросеть?": leave to ask, the question itself still to come
                      r"(?:подскаж\w+|поможет\w*)(?: (?:мне|нам))?(?: (?:ещё|еще))?(?: (?:кое-что|кое в ч[её]м|пару (?:вещей|моментов)))?|"
                      r"хотел\w* (?:бы )?(?:спросить|узнать|уточнить)(?: (?:пару|кое-что|несколько)(?: (?:вещей|моментов|вопросов))?)?|"
                      r"(?:можно|могу) (?:у вас |вас )?(?:задать|спросить)(?: (?:вам|пару|несколько|один))?(?: вопрос\w*)?"
                      r"(?: (?:про|насчёт|насчет|по поводу) (?:(?:компьютер|комп|железо|сервер|видеокарт\w*|нейросет\w*|"
                      r"нейронк\w*|ии|оборудовани\w*|под|для)\b ?){1,4})?|"
                      r"(?:[а-яё-]+ ){1,4}беспокоит|"
                      # seventieth pass: "а тут можно спросить про железо под нейронки?", "тут можно про видюхи поспрашивать?"
                      r"(?:а )?(?:тут|здесь|у вас) можно (?:(?:про|по|о|насчёт|насчет) (?:(?:железо|железу|видюх\w*|видях\w*|"
                      r"видеокарт\w*|карт\w*|нейронк\w*|нейросет\w*|gpu|гпу|сервер\w*|ии|ai|llm|ллм|под|для)\b ?){1,4})?(?:спросить|"
                      r"поспрашивать|спрашивать|задать вопрос\w*|проконсультироваться|узнать)(?: (?:про|по|о|насчёт|насчет) "
                      r"(?:(?:железо|железу|видюх\w*|видях\w*|видеокарт\w*|карт\w*|нейронк\w*|нейросет\w*|gpu|гпу|сервер\w*|ии|ai|"
                      r"llm|ллм|под|для)\b ?){1,4})?|"
                      # seventieth pass: "по видюхам тут консультируете?", "консультируете по железу?": is this the place
                      r"(?:норм|нормально|ничего|ок|можно)(?: если)? (?:я )?(?:тут |здесь |у вас )?(?:про|по) (?:видюх\w*|видях\w*|"
                      r"видеокарт\w*|железу|железо)(?: под (?:ии|ai|нейронк\w*|нейросет\w*|ллм|llm))? (?:поспрашиваю|поспрашивать|"
                      r"поспрашиваем|спрошу|поспрашаю)|"
                      r"(?:вы )?(?:тут |здесь )?(?:подсказываете|консультируете|помогаете) (?:по|про) (?:видюх\w*|видях\w*|"
                      r"видеокарт\w*|железу|железо)(?: под (?:ии|ai|нейронк\w*|нейросет\w*|ллм|llm))?(?: или (?:только )?"
                      r"(?:продаёте|продаете|торгуете))?|"
                      # seventy-sixth pass: "а вы тут по видюхам под нейросетки консультируете или только продаёте?"
                      r"(?:(?:а|вы|тут|здесь|у вас) )*(?:по|про) (?:видюх\w*|видях\w*|видеокарт\w*|железу|железо)"
                      r"(?: под (?:ии|ai|нейронк\w*|нейросет\w*|ллм|llm))? (?:(?:тут|здесь|вы|у вас) )*"
                      r"(?:консультируете|подсказываете|помогаете|отвечаете)(?: или (?:только )?(?:продаёте|продаете|торгуете))?|(?:(?:тут|здесь|вы|у вас) )*(?:консультируете|"
                      r"подсказываете|помогаете) (?:по|про) (?:видюх\w*|видях\w*|видеокарт\w*|железу|железо)|"
                      r"можно (?:к вам )?(?:обратиться )?с (?:вопросом|вопросами)(?: (?:новичка|чайника|дилетанта|от новичка))?|"
                      r"(?:это|тут|я) (?:снова|опять|ещё раз|еще раз)(?: [а-яё-]+){1,4}|"  # fresh40: "это опять коллекционер открыток"
                      r"(?:[а-яё-]+ ){1,3}(?:снова|опять)|"  # fresh41: "голубятник снова"
                      r"(?:снова|опять)(?:,? [а-яё-]+){1,4}|"  # forty-eighth pass: "снова форелевое хозяйство, карелия"
                      r"(?:покажу|передам|перешлю|обсужу|обсудим|посоветуюсь|посоветуемся)(?: это)?(?: (?:с )?(?:директор\w*|"
                      r"руководств\w*|начальств\w*|начальник\w*|босс\w*|шеф\w*|коллег\w*|команд\w*))?|"
                      r"(?:i'?ll|we'?ll|will) (?:show|pass|forward|discuss)(?: (?:it|this|that))?(?: (?:to|with))?(?: (?:my|our|the))? "
                      r"(?:boss|manager|management|director|team|ceo))[^\w]*)+$", re.I)  # "ку", "sup", "привки": slang hellos; "приветствую коллеги"
# writing for the customer (poems, essays, homework): out of scope whatever the topic
CREATIVE = re.compile(r"\b(?:write|compose)\b[^.?!]{0,20}\b(?:poem|haiku|essay|story|song|joke|limerick)|\bhaiku\b|"
                      r"напиши[^.?!]{0,20}(?:стих|поэм|эссе|рассказ|сочинени|курсов|реферат|диплом|песн|анекдот)", re.I)
# "сколько это будет стоить", "what would that cost": a question about what was just discussed
ANAPHORA = re.compile(r"\b(?:это|этот|эта|эти|этого|такой|такая|такие|такого|он|она|они|оно|его|их|it|that|this|them|those|"
                      r"these)\b", re.I)
THANKS = re.compile(r"^\W*(?:(?:cool|great|awesome|perfect|brilliant|nice|ok(?:ay)?|ок|понял[аи]?|поняла|ясно|супер|отлично)\W+)?"  # "поняла, спасибо", "Cool, thanks"
                    r"(?:спасибо|благодарю|спс|пасиб\w*|thanks?|thx|ty|cheers|appreciate)", re.I)
# sixty-first pass: "Great, thanks — that's what I needed.": the thanks closes the chat
THANKS_CLOSING = re.compile(r"\bthat'?s (?:what|all|exactly what) (?:i|we) (?:needed|wanted)|\bthat (?:helps|helped)\b|"
                            r"\bthat settles it\b|\b(?:вопрос|всё|все) (?:снят|решён|решен|решили)\b|"
                            r"\bэто (?:(?:ровно|именно|как раз) )?(?:то,? )?что (?:нужно|надо) было\b|\bэто (?:ровно|именно|как раз) то,? что (?:мне |нам )?(?:нужно|надо)\b|\bвс[её] (?:понятно|ясно)\b", re.I)
FOLLOWUP_AFTER_THANKS = re.compile(r"[.,!]\s*(?:а|и|но|and|but|what|how|можно|could|can)\b", re.I)
FOLLOWUP = re.compile(r"^\s*(?:а|и|ну|ну а|ок,? а|окей,? а|а вот|and|what about|how about|ok,? and|ok|and if|what if|"
                       r"same (?:but|with)|а если|а с|а на|а при|а для|а в|if not|sorry)\b", re.I)
GENERAL = re.compile(r"что такое|что значит|что означает|what is|what's|зачем|почему|why|нужен ли|нужно ли|обязательн|do i need|should i|"
                      r"как (?:работает|выбрать|устроен)|how does|explain|объясни", re.I)
SPECS = re.compile(r"how much (?:is|are|for) (?:the |an? |your )?\S*\s?\S*\d|how much (?:is|are) your\b|"
                   r"how much (?:would|will|does|do) (?:a|an|the|one|two|three|four|six|eight|\d+) [^?]{0,40}\bcost\b(?! to)|"
                   r"comes? with|в комплект\w*|комплектаци\w*|почём|почем|характеристик|\bспек(?:и|ов|ам|ами|ах|а|у)?\b|\bspecs?\b(?! librar| documents?| sheets? (?:of|from) our)|active cooling|passive|list price|(?:сколько|скок[аоу]?)(?: \w+)? сто[ияю]т|price|цена|"
                    r"памят\w* у (?:rtx |nvidia )?\w*\d|how much (?:memory|vram) does (?:the |an? )?\S*\d\S* have|"
                   r"\bdatasheets?\b|\bдаташит\w*|что (?:это )?за зверь|(?:сколько|скок[аоу]?) у (?:не[её]|него|них) памят", re.I)
RAM_QUESTION = re.compile(r"сколько (?:(?:\w+ ){0,2})?(?:оперативк|оперативн\w* памят|озу)|"
                          r"how much (?:(?:\w+ ){0,2})?(?:system )?ram\b|how much memory (?:should|do) (?:i|we) put in", re.I)
# "что за сервер нужен", "какой сервер нам нужен", "what kind of server do we need": the thing to take, asked for
NEEDED = re.compile(r"что за (?:\w+ )?(?:сервер\w*|сервак\w*|карт\w*|видеокарт\w*|видюх\w*|железо|конфиг\w*) "
                    r"(?:\w+ ){0,2}(?:нуж[её]?н\w*|надо|подойд[её]т|потребуется|понадоб\w*|брать|взять)|"
                    r"what (?:kind|sort|type) of (?:server|gpus?|cards?|hardware|box) (?:do|would|should) (?:i|we) (?:need|get|buy)",
                    re.I)
ABOUT = re.compile(r"что за|что (?:это|там)|what(?: i|')s|tell me about|расскажи|для чего", re.I)  # a named thing itself
VERSUS = re.compile(r"\bvs\.?\b|\bили\b|\bor\b|versus", re.I)

# how many users the cards hold ("сколько юзеров выдержит", "how many users can it handle"): a rate for one model, and
# beside "which models run" the users column of that table
USERS_HELD = re.compile(r"сколько (?:одновременн\w* |параллельн\w* )?(?:пользовател\w*|человек|юзер\w*|запрос\w*) (?:\w+ )?"
                        r"(?:потян\w*|выдерж\w*|обслуж\w*|держит|вытян\w*)|how many (?:concurrent |simultaneous )?"
                        r"(?:users|people|requests) (?:can|could|will|would)", re.I)
# fifty-first pass: the customer's own card replaced ("видюху поменять", "что поставить на замену", "swap my 3060 for"):
# which card to take instead of the one owned, an upgrade
REPLACE_OWN = re.compile(r"\b(?:поменять|заменить|сменить|менять|обновить) (?:\w+ )?(?:видюх|видеокарт|карт|гпу|gpu)\w*|"
                         r"\b(?:видюх|видеокарт|карт)\w* (?:\w+ )?(?:поменять|заменить|сменить|менять|обновить)\b|"
                         r"\bна замену\b|\bвзамен\b|\b(?:replace|swap(?: out)?) (?:it|my|our|the|this)\b", re.I)
# fifty-third pass: which models the hardware described can run ("what's the best model those two cards can run",
# "какие языковые модели возможно развернуть на указанной конфигурации"): the hardware's models, not general knowledge
MODELS_ON_IT = re.compile(r"\b(?:which|what)(?:'s| is| are)? (?:the )?(?:\w+ )?models?\b[^.?!]{0,40}?\b(?:can|could|will|would)"
                          r"(?: \w+){0,2}? (?:run|handle|host|serve)\b|"
                          r"\bкак(?:ие|ую|ая) (?:\w+ ){0,2}модел\w*[^.?!]{0,30}?\b(?:запустить|развернуть|крутить|гонять|"
                          r"пойд[её]т|пойдут|потян\w*)\b[^.?!]{0,12}\bна (?:указанн|этой|этом|эти|этих|такой|таком|наш|нашей|нашем|"
                          r"данн)\w*|"
                          # seventieth pass: "а для полного дообучения в bf16 что туда поместится?": on the machine described
                          r"\bчто (?:туда|на (?:н[её]м|них|не[её]|этом|этой|эти|этих)) (?:\w+ )?(?:поместится|влезет|пойд[её]т|"
                          r"запустится|встанет|уместится)\b|"
                          # seventy-sixth pass: "и что на этих шести картах можно крутить в q4?"
                          r"\bчто (?:на (?:этих|них|тех|таких|наших|моих)(?: \w+)? (?:картах|видюхах|видеокартах|гпу|gpu)) "
                          r"(?:можно |получится |реально )?(?:крутить|гонять|запустить|запускать|развернуть|поставить)\b|"
                          r"\bwhat (?:would|will|could) (?:fit|run) (?:on|in) (?:it|there|them|that)\b|"
                          # seventy-third pass: "how large a model would fit there at fp8?": the size that fits, asked
                          r"\bhow (?:large|big) (?:of )?(?:an? )?(?:\w+ )?models?\b[^.?!]{0,30}?\b(?:fit|run|load)\b|"
                          r"\bнасколько (?:больш\w+|крупн\w+) модел\w*", re.I)
# fiftieth pass: no cloud wanted ("nothing in the cloud", "без облака"): a wish about where it runs, no costing
NO_CLOUD = re.compile(r"\bnothing (?:goes )?(?:in|on|to) the cloud\b|\bno cloud\b|\bnot (?:in )?the cloud\b|\boff the cloud\b|"
                      r"\bwithout (?:the |any )?cloud\b|\bбез (?:всяких |никаких )?облак\w*|\bне в облак\w*|\bникаких облак\w*|"
                      r"\bв облако (?:\w+ )?нельзя\b|\bне (?:хотим|хочу) (?:\w+ )?в облак\w*|"
                      # fifty-fourth pass: "чтобы тексты не уходили в облако", "пробовали облачный чат-бот, но запретили"
                      r"\bне (?:уходил\w*|утекал\w*|попадал\w*|улетал\w*) (?:\w+ )?в облак\w*|\bпробовали облачн\w*(?: \S+)?|"
                      r"\b(?:tried|used) (?:a |the )?cloud(?: \S+)?|(?<!nothing )(?<!not )\bagainst (?:the |any |using (?:the )?)?cloud\b|"
                      r"\bпротив (?:облак\w*|аренд\w*)\b(?! за)", re.I)  # seventieth pass: "our policy is against the cloud"
# sixty-seventh pass: the vendor's own pick asked ("что бы вы сами предложили", "собирать с нуля — какие карты вы бы
# взяли", "what would you recommend instead"): a recommendation of the vendor's, not the cards on the table
VENDORS_PICK = re.compile(r"\bчто бы вы (?:сами |нам |мне |тогда )?(?:предложил|посоветовал|взял|выбрал|порекомендовал)\w*|"
                          r"\b(?:какие|какую|какой|что) (?:\w+ )?(?:и сколько )?вы бы (?:сами )?(?:взяли|выбрали|поставили|предложили)\b|"
                          r"\bвы бы (?:сами )?(?:что|какие|какую|какой) (?:\w+ )?(?:взяли|выбрали|поставили|предложили|посоветовали)\b|"
                          r"\bwhat would you (?:yourselves? )?(?:suggest|recommend|offer|pick|choose|go with|take|spec)\b|"
                          # a build from scratch, not "я с нуля в этом" (a beginner) nor "с нуля переустановили драйвера"
                          r"\bstart(?:ing)? over\b|"
                          r"\b(?:собира\w*|собрать|строить|build\w*|spec\w*|start\w*|брать|взять|купить|закупать)\s+(?:[\w-]+\s+){0,4}?"
                          r"(?:с (?:нуля|чистого листа)|from scratch)|(?:с (?:нуля|чистого листа)|from scratch)\W+(?:[\w-]+\s+){0,3}?"
                          r"(?:собира\w*|собрать|строить|build\w*|spec\w*|брать|взять|купить|какие|what would)\b", re.I)
# a wish the pick is to meet ("чтобы по питанию было скромнее", "so it draws less"): still the hardware asked for
PICK_WISH = re.compile(r"(?:чтобы|чтоб|so that|so it)\s+(?:[\w-]+\s+){0,5}?(?:скромнее|меньше|экономнее|тише|дешевле|холоднее|"
                       r"less|lower|cheaper|quieter)\b[^.?!]*", re.I)
# what the vendor's pick is asked about when it is not the hardware itself ("что бы вы посоветовали, чтобы ускорить",
# "what would you suggest for power supply", "… recommend we add", "… почитать про квантизацию"): that question's own
OTHER_THAN_HARDWARE = re.compile(r"ускор|speed|быстр|faster|latency|fp8|fp16|bf16|\bq\d|int[48]|квант|quant|precision|точност|"
                                 r"питани|power|\bибп|\bups\b|\bpsu|\bбп\b|ватт|watt|охлажд|cool|почитать|\bread\b|докуп|"
                                 r"добав|\badd\b|\bkeep\b|оставить|драйвер|driver|что такое|what is|\bkv\b|кэш|cache|обуч|"
                                 r"\btrain|запуст|\brun|модел|\bmodel|\brag\b|на них|on them|этих карт|these cards|vllm|ollama|"
                                 r"контекст|context", re.I)


def asks_vendors_pick(text: str) -> bool:
    """The vendor's own pick of hardware asked ("что бы вы сами предложили", a build from scratch), not advice on
    something else (speed, power, formats, what to run); a wish the pick is to meet counts as the pick's."""
    return bool(VENDORS_PICK.search(text)) and not OTHER_THAN_HARDWARE.search(PICK_WISH.sub(" ", text))
