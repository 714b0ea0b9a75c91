/* gpu-sizer chat widget: one <script> tag on any site.
 *
 *   <script src="https://SERVER/widget/widget.js" data-lang="ru" async></script>
 *   optional, before it: <script>window.GpuSizerWidget = {server: "https://SERVER", lang: "en", title: "…"}</script>
 *
 * Everything lives in a shadow root, so the host page's CSS cannot break the widget and ours cannot
 * leak out. Text from the server or the customer is never parsed as HTML: the Markdown subset below
 * builds DOM nodes with textContent, and links are followed only to an allow-list of origins.
 */
(function () {
  "use strict";
  if (window.__gpuSizerWidgetLoaded) return; // pasted twice: one bubble is enough
  window.__gpuSizerWidgetLoaded = true;

  var script = document.currentScript || (function () {
    var all = document.querySelectorAll('script[src*="/widget/widget.js"]');
    return all[all.length - 1] || null;
  })();
  var cfg = window.GpuSizerWidget || {};
  var server = String(cfg.server || (script ? new URL(script.src, location.href).origin : location.origin))
    .replace(/\/+$/, "");
  var MAX_INPUT = 2000; // until /api/config answers: the server's settings own the real limit
  var PRECISIONS = [];

  var T = {
    ru: {
      title: "Подбор GPU-сервера", open: "Открыть чат консультанта", close: "Закрыть",
      hello: "Здравствуйте! Напишите модель и задачу — посчитаю видеопамять, подберу конфигурацию, блок питания.",
      placeholder: "Например: Llama-3-70B для 20 сотрудников, контекст 16k", send: "Отправить",
      sources: "Источники", manager: "Связаться с менеджером", faq: "Частые вопросы",
      name: "Имя", phone: "Телефон", email: "E-mail", message: "Комментарий", submit: "Отправить заявку",
      lead_intro: "Оставьте контакты — менеджер подтвердит конфигурацию и цену. Расчёт из чата приложим к заявке.",
      cancel: "Назад к чату", lead_ok: "Заявка принята. Менеджер свяжется с вами.",
      lead_need: "Укажите имя и телефон или e-mail.", error: "Не удалось получить ответ. Попробуйте ещё раз.",
      busy: "Подождите, предыдущий ответ ещё формируется.", thinking: "Считаю…", lang: "EN",
      lang_title: "Switch to English", too_long: "Сообщение сокращено до {n} символов.",
      chips: "Считаю для — нажмите на значение, чтобы изменить:", apply: "Пересчитать",
      psu_add: "ваш БП: указать", psu_hint: "Вт, например 1600"
    },
    en: {
      title: "GPU server sizing", open: "Open the assistant chat", close: "Close",
      hello: "Hello! Tell me the model and the task — I'll compute VRAM, pick a configuration and a PSU.",
      placeholder: "E.g. Llama-3-70B for 20 employees, 16k context", send: "Send",
      sources: "Sources", manager: "Contact a manager", faq: "FAQ",
      name: "Name", phone: "Phone", email: "E-mail", message: "Comment", submit: "Send request",
      lead_intro: "Leave your contacts — a manager will confirm the configuration and price. We attach the chat's sizing.",
      cancel: "Back to chat", lead_ok: "Request received. A manager will contact you.",
      lead_need: "Please give your name and a phone number or e-mail.",
      error: "Could not get an answer. Please try again.",
      busy: "Please wait, the previous answer is still coming.", thinking: "Computing…", lang: "RU",
      lang_title: "Переключить на русский", too_long: "The message was cut to {n} characters.",
      chips: "Computed for — click a value to change it:", apply: "Recompute",
      psu_add: "your PSU: add", psu_hint: "W, e.g. 1600"
    }
  };
  var lang = pickLang(cfg.lang || (script && script.getAttribute("data-lang")) || navigator.language);
  var allowLinks = [server].concat(Array.isArray(cfg.allowLinks) ? cfg.allowLinks : []).map(originOf);
  var LINK_HOSTS = []; // the vendor's hosts (subdomains too), from /api/config: the server's settings.server.link_hosts
  var state = { conversationId: null, busy: false, faq: null };

  function pickLang(v) { return /^ru/i.test(String(v || "")) ? "ru" : (/^en/i.test(String(v || "")) ? "en" : "ru"); }
  function t(key) { return T[lang][key]; }
  function originOf(u) { try { return new URL(u, location.href).origin; } catch (e) { return null; } }

  // ---- tiny DOM helper: attributes and text only, never innerHTML ----
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "on") Object.keys(attrs.on).forEach(function (e) { node.addEventListener(e, attrs.on[e]); });
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

  // ---- Markdown subset: tables, bold, italics, code, lists, quotes, headings, allow-listed links ----
  // The server sends text under its safe-Markdown policy (assistant/safe_markdown.py): backslash
  // escapes and "&lt;" stand for literal characters, and are shown as such
  var INLINE = /(\\[!-\/:-@\[-`{-~]|\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|(?:^|(?<=[\s(]))_[^_\n]+_(?=$|[\s.,;:!?)]))/g;
  var ENTITIES = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": "\"", "&#39;": "'" };

  function literal(text) { return String(text).replace(/&(lt|gt|amp|quot|#39);/g, function (e) { return ENTITIES[e]; }); }

  function inline(text) {
    var frag = document.createDocumentFragment();
    String(text).split(INLINE).forEach(function (part) {
      if (!part) return;
      var m;
      if (/^\\[!-\/:-@\[-`{-~]$/.test(part)) frag.appendChild(document.createTextNode(part.slice(1)));
      else if (/^\*\*[^*]+\*\*$/.test(part)) frag.appendChild(el("strong", { text: literal(part.slice(2, -2)) }));
      else if (/^`[^`]+`$/.test(part)) frag.appendChild(el("code", { text: part.slice(1, -1) }));
      else if (/^_[^_]+_$/.test(part)) frag.appendChild(el("em", { text: literal(part.slice(1, -1)) }));
      else if ((m = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part))) frag.appendChild(link(literal(m[1]), m[2]));
      else frag.appendChild(document.createTextNode(literal(part)));
    });
    return frag;
  }

  // the same rule as the server's policy (assistant/safe_markdown.link_allowed): the host or a subdomain
  function vendorHost(host) {
    host = String(host || "").toLowerCase().replace(/\.$/, "");
    return LINK_HOSTS.some(function (h) { return host === h || host.slice(-(h.length + 1)) === "." + h; });
  }

  function link(label, href) {
    var url;
    try { url = new URL(href, server); } catch (e) { return document.createTextNode(label); }
    // javascript:, data: and foreign sites are shown as plain text: a model or a passage must not
    // be able to send the customer somewhere we did not choose
    if (!/^https?:$/.test(url.protocol) || url.username || url.password ||
        (allowLinks.indexOf(url.origin) < 0 && !vendorHost(url.hostname))) return document.createTextNode(label);
    return el("a", { href: url.href, target: "_blank", rel: "noopener noreferrer", text: label });
  }

  function cells(line) {
    return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map(function (c) { return c.trim(); });
  }

  function markdown(src) {
    var root = el("div", { "class": "gsw-md" });
    var lines = String(src || "").replace(/\r\n?/g, "\n").split("\n");
    var i = 0, para = [];
    function flush() { if (para.length) { root.appendChild(el("p", {}, [inline(para.join(" "))])); para = []; } }
    while (i < lines.length) {
      var line = lines[i];
      if (/^\s*\|.*\|\s*$/.test(line) && i + 1 < lines.length && /^\s*\|?[\s:|-]+\|?\s*$/.test(lines[i + 1])) {
        flush();
        var head = cells(line), align = cells(lines[i + 1]).map(function (c) { return /:$/.test(c) ? "right" : "left"; });
        var table = el("table"), thead = el("thead"), tbody = el("tbody"), tr = el("tr");
        head.forEach(function (h, k) { tr.appendChild(el("th", { style: "text-align:" + (align[k] || "left") }, [inline(h)])); });
        thead.appendChild(tr); table.appendChild(thead);
        i += 2;
        while (i < lines.length && /^\s*\|.*\|\s*$/.test(lines[i])) {
          var row = el("tr");
          cells(lines[i]).forEach(function (c, k) { row.appendChild(el("td", { style: "text-align:" + (align[k] || "left") }, [inline(c)])); });
          tbody.appendChild(row); i++;
        }
        table.appendChild(tbody);
        root.appendChild(el("div", { "class": "gsw-table" }, [table]));
        continue;
      }
      var m;
      if ((m = /^\s*[-*]\s+(.*)$/.exec(line)) || (m = /^\s*\d+[.)]\s+(.*)$/.exec(line))) {
        flush();
        var ordered = /^\s*\d/.test(line), list = el(ordered ? "ol" : "ul");
        while (i < lines.length && (m = (ordered ? /^\s*\d+[.)]\s+(.*)$/ : /^\s*[-*]\s+(.*)$/).exec(lines[i]))) {
          list.appendChild(el("li", {}, [inline(m[1])])); i++;
        }
        root.appendChild(list);
        continue;
      }
      if ((m = /^\s*>\s?(.*)$/.exec(line))) { flush(); root.appendChild(el("blockquote", {}, [inline(m[1])])); i++; continue; }
      if ((m = /^\s*#{1,6}\s+(.*)$/.exec(line))) { flush(); root.appendChild(el("h4", {}, [inline(m[1])])); i++; continue; }
      if (!line.trim()) { flush(); i++; continue; }
      para.push(line.trim()); i++;
    }
    flush();
    return root;
  }

  // ---- server-sent events over fetch: EventSource cannot POST ----
  function parseSSE(buffer, onEvent) {
    var blocks = buffer.split(/\r?\n\r?\n/);
    var rest = blocks.pop();
    blocks.forEach(function (block) {
      var type = "message", data = [];
      block.split(/\r?\n/).forEach(function (l) {
        if (l.indexOf("event:") === 0) type = l.slice(6).trim();
        else if (l.indexOf("data:") === 0) data.push(l.slice(5).replace(/^ /, ""));
      });
      if (!data.length) return;
      var payload;
      try { payload = JSON.parse(data.join("\n")); } catch (e) { payload = { text: data.join("\n") }; }
      onEvent(type, payload);
    });
    return rest;
  }

  function streamChat(message, onEvent) {
    return fetch(server + "/api/chat", {
      method: "POST", mode: "cors", credentials: "omit",
      headers: { "Content-Type": "application/json", "Accept": "text/event-stream" },
      body: JSON.stringify({ message: message, conversation_id: state.conversationId })
    }).then(function (res) {
      if (res.status === 409) throw new Error("busy");
      if (!res.ok || !res.body) throw new Error("http " + res.status);
      var id = res.headers.get("X-Conversation-Id");
      if (id) state.conversationId = id;
      var reader = res.body.getReader(), decoder = new TextDecoder(), buf = "";
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) { parseSSE(buf + "\n\n", onEvent); return; }
          buf = parseSSE(buf + decoder.decode(r.value, { stream: true }), onEvent);
          return pump();
        });
      }
      return pump();
    });
  }

  // ---- the UI ----
  var host = el("div", { id: "gpu-sizer-widget" });
  var shadow = host.attachShadow({ mode: "open" });
  shadow.appendChild(el("link", { rel: "stylesheet", href: server + "/widget/widget.css" }));

  var bubble = el("button", { "class": "gsw-bubble", type: "button", part: "bubble" });
  bubble.appendChild(el("span", { "class": "gsw-bubble-icon", "aria-hidden": "true", text: "💬" }));
  var titleEl = el("div", { "class": "gsw-title" });
  var langBtn = el("button", { "class": "gsw-hbtn gsw-lang", type: "button" });
  var closeBtn = el("button", { "class": "gsw-hbtn gsw-close", type: "button", text: "×" });
  var log = el("div", { "class": "gsw-log", role: "log", "aria-live": "polite" });
  var quick = el("div", { "class": "gsw-quick" });
  var input = el("textarea", { "class": "gsw-input", rows: "2", maxlength: String(MAX_INPUT) });
  var sendBtn = el("button", { "class": "gsw-send", type: "submit" });
  var form = el("form", { "class": "gsw-form" }, [input, sendBtn]);
  var managerBtn = el("button", { "class": "gsw-manager", type: "button" });
  var leadForm = buildLeadForm();
  var panel = el("div", { "class": "gsw-panel", role: "dialog", "aria-modal": "false", hidden: "" }, [
    el("div", { "class": "gsw-head" }, [titleEl, langBtn, closeBtn]), log, quick, form, managerBtn, leadForm.node
  ]);
  shadow.appendChild(bubble);
  shadow.appendChild(panel);

  function buildLeadForm() {
    var f = {};
    ["name", "phone", "email", "message"].forEach(function (k) {
      f[k] = el(k === "message" ? "textarea" : "input", { name: k, "class": "gsw-field", maxlength: k === "message" ? "4000" : "200" });
      if (k === "phone") f[k].setAttribute("type", "tel");
      if (k === "email") f[k].setAttribute("type", "email");
      f[k + "Label"] = el("span");
    });
    f.status = el("div", { "class": "gsw-lead-status", role: "status" });
    f.intro = el("p", { "class": "gsw-lead-intro" });
    f.submit = el("button", { type: "submit", "class": "gsw-send" });
    f.cancel = el("button", { type: "button", "class": "gsw-link" });
    f.node = el("form", { "class": "gsw-lead", hidden: "" }, [
      f.intro, el("label", {}, [f.nameLabel, f.name]), el("label", {}, [f.phoneLabel, f.phone]),
      el("label", {}, [f.emailLabel, f.email]), el("label", {}, [f.messageLabel, f.message]),
      f.status, el("div", { "class": "gsw-row" }, [f.submit, f.cancel])
    ]);
    return f;
  }

  function applyLang() {
    titleEl.textContent = cfg.title ? String(cfg.title) : t("title");
    bubble.setAttribute("aria-label", t("open")); bubble.title = t("open");
    closeBtn.setAttribute("aria-label", t("close")); closeBtn.title = t("close");
    langBtn.textContent = t("lang"); langBtn.title = t("lang_title"); langBtn.setAttribute("aria-label", t("lang_title"));
    input.placeholder = t("placeholder"); input.setAttribute("aria-label", t("placeholder"));
    sendBtn.textContent = t("send");
    managerBtn.textContent = t("manager");
    ["name", "phone", "email", "message"].forEach(function (k) { leadForm[k + "Label"].textContent = t(k); });
    leadForm.intro.textContent = t("lead_intro");
    leadForm.submit.textContent = t("submit"); leadForm.cancel.textContent = t("cancel");
    panel.setAttribute("aria-label", t("title")); panel.setAttribute("lang", lang);
    state.faq = null;
    if (!panel.hidden) loadFaq();
  }

  function add(role, node) {
    var msg = el("div", { "class": "gsw-msg gsw-" + role }, [node]);
    log.appendChild(msg);
    log.scrollTop = log.scrollHeight;
    return msg;
  }

  function say(text) { return add("bot", markdown(text)); }

  function loadFaq() {
    if (state.faq === lang) return; // loaded already; an empty or failed load is retried on the next open
    quick.textContent = "";
    fetch(server + "/api/faq?lang=" + lang, { mode: "cors", credentials: "omit" })
      .then(function (r) { return r.ok ? r.json() : { items: [] }; })
      .then(function (data) {
        var items = (data && (data.items || data)) || [];
        if (!Array.isArray(items) || !items.length) return;
        state.faq = lang;
        quick.textContent = "";
        quick.appendChild(el("span", { "class": "gsw-quick-label", text: t("faq") + ":" }));
        items.slice(0, 6).forEach(function (it) {
          if (!it || !it.question) return;
          quick.appendChild(el("button", { type: "button", "class": "gsw-chip", text: it.question, on: {
            click: function () { showFaq(it); }
          } }));
        });
      })
      .catch(function () { /* the FAQ is a convenience: the chat works without it */ });
  }

  function showFaq(item) {
    add("user", document.createTextNode(item.question));
    if (item.answer) say(item.answer);
    else ask(item.question, true);
  }

  function ask(text, echoed) {
    text = String(text || "").trim();
    if (!text) return;
    if (state.busy) { say("_" + t("busy") + "_"); return; }
    if (text.length > MAX_INPUT) { text = text.slice(0, MAX_INPUT); say("_" + t("too_long").replace("{n}", MAX_INPUT) + "_"); }
    if (!echoed) add("user", document.createTextNode(text));
    state.busy = true; sendBtn.disabled = true;
    var box = el("div", { "class": "gsw-answer" });
    var computedBox = el("div", { "class": "gsw-computed" });
    var explBox = el("div", { "class": "gsw-expl" });
    var notesBox = el("div", { "class": "gsw-notes" });
    var srcBox = el("div", { "class": "gsw-sources" });
    var waiting = el("div", { "class": "gsw-thinking", text: t("thinking") });
    [waiting, computedBox, explBox, notesBox, srcBox].forEach(function (n) { box.appendChild(n); });
    var msg = add("bot", box);
    var computed = "", expl = "", notes = [];
    function render() {
      computedBox.textContent = ""; explBox.textContent = ""; notesBox.textContent = "";
      if (computed) computedBox.appendChild(markdown(computed));
      if (expl) explBox.appendChild(markdown(expl));
      notes.forEach(function (n) { notesBox.appendChild(el("p", {}, [inline(n)])); });
      if (computed || expl) waiting.remove();
      // keep the start of a long answer in view: the computed block is what the customer reads first
      var question = msg.previousSibling;
      log.scrollTop = Math.min(log.scrollHeight, (question ? question.offsetTop : msg.offsetTop) - 8);
    }
    // the answer is rendered under the server's link policy: wait (briefly) for /api/config first
    configured().then(function () { return streamChat(text, function (type, data) {
      if (data && data.conversation_id) state.conversationId = data.conversation_id;
      if (type === "computed") computed = data.text || "";
      else if (type === "token") expl += data.text || "";
      else if (type === "notice" && data.text) notes.push(data.text);
      else if (type === "error") { notes.push(t("error")); }
      else if (type === "done") {
        // the whole answer is computed + explanation: showing `answer` besides them doubled
        // knowledge-only answers; it stands alone only when both are empty
        computed = data.computed || computed;
        expl = data.explanation != null ? data.explanation : expl;
        if (!computed && !expl) computed = data.answer || "";
        notes = data.notices || notes;
        showSources(srcBox, data.sources || []);
        showChips(box, data.scenario_items || [], data.intent);
        msg.setAttribute("data-done", "1");
      }
      render();
    }); }).catch(function (err) {
      notes.push(err && err.message === "busy" ? t("busy") : t("error"));
      render(); waiting.remove();
    }).then(function () {
      state.busy = false; sendBtn.disabled = false;
      msg.setAttribute("data-done", "1");
    });
  }

  // the scenario line as chips: a value the reader got wrong is fixed in place, recomputed without the model
  var CHOICES = { task: ["inference", "lora", "qlora", "full"], runtime: ["llama.cpp", "vllm", "sglang", "cpu"] };
  var EDITABLE = /^(model|precision|context|users|gpu|gpus|gpu_count|task|runtime|card_vram_gb|ram_gb|psu_w|cpus)$/;
  function showChips(box, items, intent) {
    var editable = items.filter(function (i) { return EDITABLE.test(i.slot); });
    // a power answer checks the customer's own PSU: one not said yet can be added from here
    if (intent === "power" && !items.some(function (i) { return i.slot === "psu_w"; }))
      editable.push({ slot: "psu_w", value: "", text: t("psu_add"), "default": true });
    if (!editable.length || !state.conversationId) return;
    var row = el("div", { "class": "gsw-sc-chips" }, [el("span", { "class": "gsw-sc-label", text: t("chips") })]);
    editable.forEach(function (item) {
      var chip = el("button", { type: "button", "class": "gsw-sc-chip" + (item.default ? " gsw-sc-chip-default" : ""),
        "data-slot": item.slot, text: String(item.text) });
      chip.addEventListener("click", function () { editChip(row, chip, item); });
      row.appendChild(chip);
    });
    box.appendChild(row);
  }

  function editChip(row, chip, item) {
    var options = item.slot === "precision" ? PRECISIONS : CHOICES[item.slot];
    var field = options && options.length ? el("select", { "class": "gsw-sc-input", "data-slot": item.slot })
      : el("input", { "class": "gsw-sc-input", "data-slot": item.slot, value: String(item.value), maxlength: item.slot === "gpus" ? "160" : "40" });
    if (item.slot === "psu_w") field.setAttribute("placeholder", t("psu_hint"));
    (options || []).forEach(function (o) {
      var opt = el("option", { value: o, text: o });
      if (String(o).toLowerCase() === String(item.value).toLowerCase()) opt.selected = true;
      field.appendChild(opt);
    });
    var go = el("button", { type: "button", "class": "gsw-sc-apply", text: t("apply") });
    var wrap = el("span", { "class": "gsw-sc-edit" }, [field, go]);
    chip.replaceWith(wrap);
    field.focus();
    function submit() {
      var changes = {}; changes[item.slot] = field.value;
      go.disabled = true;
      fetch(server + "/api/scenario", {
        method: "POST", mode: "cors", credentials: "omit", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ conversation_id: state.conversationId, changes: changes, lang: lang })
      }).then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (data) {
          if (!r.ok) throw new Error(data && data.error ? String(data.error) : t("error"));
          var box = el("div", { "class": "gsw-answer gsw-recomputed" }, [el("div", { "class": "gsw-computed" }, [markdown(data.computed || "")])]);
          showChips(box, data.scenario_items || [], data.intent);
          add("bot", box);
        });
      }).catch(function (err) { say("_" + (err.message || t("error")) + "_"); })
        .then(function () { wrap.replaceWith(chip); });
    }
    go.addEventListener("click", submit);
    field.addEventListener("keydown", function (e) { if (e.key === "Enter") { e.preventDefault(); submit(); } });
  }

  var configLoad = null;
  function configured() {  // settled once /api/config answered, failed, or took over 3 s (defaults stand)
    return Promise.race([configLoad || Promise.resolve(), new Promise(function (r) { setTimeout(r, 3000); })]);
  }

  function loadConfig() {
    if (configLoad) return configLoad;
    configLoad = fetch(server + "/api/config", { mode: "cors", credentials: "omit" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (c) {
        if (!c) return;
        MAX_INPUT = c.max_input_chars || MAX_INPUT; input.maxLength = MAX_INPUT;
        PRECISIONS = Array.isArray(c.precisions) ? c.precisions : PRECISIONS;
        LINK_HOSTS = (Array.isArray(c.link_hosts) ? c.link_hosts : []).map(function (h) {
          return String(h).toLowerCase().replace(/^\.+|\.+$/g, "");
        }).filter(Boolean);
      })
      .catch(function () { configLoad = null; /* defaults stand; the next open asks again */ });
    return configLoad;
  }

  function showSources(box, sources) {
    box.textContent = "";
    if (!sources.length) return;
    var list = el("ol");
    sources.forEach(function (s) { list.appendChild(el("li", {}, [inline(String(s.title || ""))])); });
    box.appendChild(el("details", {}, [el("summary", { text: t("sources") + " (" + sources.length + ")" }), list]));
  }

  function showLead(on) {
    leadForm.node.hidden = !on;
    [log, quick, form, managerBtn].forEach(function (n) { n.hidden = on; });
    if (on) { leadForm.status.textContent = ""; leadForm.name.focus(); }
  }

  leadForm.node.addEventListener("submit", function (e) {
    e.preventDefault();
    var body = { conversation_id: state.conversationId };
    ["name", "phone", "email", "message"].forEach(function (k) {
      var v = leadForm[k].value.trim();
      if (v) body[k] = v;
    });
    if (!body.name || !(body.phone || body.email)) { leadForm.status.textContent = t("lead_need"); return; }
    leadForm.submit.disabled = true;
    fetch(server + "/api/leads", {
      method: "POST", mode: "cors", credentials: "omit",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (!r.ok) throw new Error(data && data.error ? String(data.error) : t("error"));
        ["name", "phone", "email", "message"].forEach(function (k) { leadForm[k].value = ""; });
        showLead(false);
        say("**" + t("lead_ok") + "**");
      });
    }).catch(function (err) {
      leadForm.status.textContent = err.message || t("error"); // the server's one-line reason
    }).then(function () { leadForm.submit.disabled = false; });
  });

  // the media query cannot see a phone when the host page lacks <meta name="viewport"> (its layout
  // is then 980 px wide); the device's own screen width can
  function fitScreen() { panel.classList.toggle("gsw-narrow", Math.min(window.innerWidth, screen.width) < 600); }
  window.addEventListener("resize", fitScreen);

  function open(on) {
    fitScreen();
    panel.hidden = !on;
    bubble.hidden = on;
    host.classList.toggle("gsw-open", on);
    if (on) {
      if (!log.childNodes.length) say(t("hello"));
      loadConfig();
      loadFaq();
      input.focus();
    } else bubble.focus();
  }

  bubble.addEventListener("click", function () { open(true); });
  closeBtn.addEventListener("click", function () { open(false); });
  panel.addEventListener("keydown", function (e) { if (e.key === "Escape") open(false); });
  langBtn.addEventListener("click", function () { lang = lang === "ru" ? "en" : "ru"; applyLang(); });
  managerBtn.addEventListener("click", function () { showLead(true); });
  leadForm.cancel.addEventListener("click", function () { showLead(false); });
  form.addEventListener("submit", function (e) { e.preventDefault(); var v = input.value; input.value = ""; ask(v); });
  input.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event("submit")); }
  });

  applyLang();
  function attach() { document.body.appendChild(host); }
  if (document.body) attach(); else document.addEventListener("DOMContentLoaded", attach);
  window.GpuSizerWidgetAPI = { open: function () { open(true); }, close: function () { open(false); }, ask: ask };
})();
