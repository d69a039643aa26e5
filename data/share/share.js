// SPDX-License-Identifier: GPL-3.0-or-later
// share.js: the players' view of the table, drawn from the JSON the app serves and kept live by
// its event stream.  Every text shown comes from that JSON, already translated; nothing is
// written as HTML, only as text.
"use strict";

(function () {
  const token = new URLSearchParams(window.location.search).get("t") || "";
  const q = "?t=" + encodeURIComponent(token);
  const sidePath = window.location.pathname.match(/^\/side\/([^/]+)$/);
  const sideId = sidePath ? decodeURIComponent(sidePath[1]) : null;
  let labels = {};

  function $(id) {
    return document.getElementById(id);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls)
      e.className = cls;
    if (text !== undefined && text !== null)
      e.textContent = text;
    return e;
  }

  function heading(section, text) {
    section.replaceChildren(el("h2", null, text));
  }

  function cardFace(card) {
    return el("span", "card" + (card.red ? " red" : ""), card.short);
  }

  // A fact longer than this (a whole order of activation) is folded under its label: the
  // phone's first screen is for what is happening now.
  const LONG_FACT = 90;

  function drawFacts(facts) {
    const dl = $("facts");
    dl.replaceChildren();
    for (const f of facts || []) {
      const div = el("div", "fact");
      if (f.value.length > LONG_FACT) {
        const details = el("details");
        details.append(el("summary", null, f.label), el("dd", null, f.value));
        div.append(details);
      } else {
        div.append(el("dt", null, f.label), el("dd", null, f.value));
      }
      dl.append(div);
    }
    dl.hidden = !facts || facts.length === 0;
  }

  function drawLast(last) {
    const s = $("last");
    heading(s, labels.last);
    if (!last) {
      s.append(el("p", "note", labels.none));
      return;
    }
    s.append(el("p", "headline", last.headline));
    if (last.actors)
      s.append(el("p", "actors", last.actors));
    for (const roll of last.dice || []) {
      const row = el("div", "roll");
      if (roll.label)
        row.append(el("span", "roll-label", roll.label));
      for (const d of roll.dice || [])
        row.append(el("span", "die", String(d)));
      for (const c of roll.cards || [])
        row.append(cardFace(c));
      s.append(row);
    }
    if (last.reason)
      s.append(el("p", "reason", last.reason));
    if (last.ruling)
      s.append(el("p", "ruling", last.ruling));
    if (last.lines && last.lines.length > 0) {
      const details = el("details", "explain");
      const ol = el("ol");
      for (const line of last.lines)
        ol.append(el("li", null, line));
      details.append(el("summary", null, labels.explain), ol);
      s.append(details);
    }
  }

  function drawCards(cards) {
    const s = $("cards");
    s.hidden = !cards || cards.length === 0;
    if (s.hidden)
      return;
    heading(s, labels.cards);
    const ol = el("ol", "cards");
    let first = true;
    for (const c of cards) {
      const li = el("li", c.acted ? "acted" : (first ? "current" : null));
      if (!c.acted)
        first = false;
      li.append(cardFace(c), el("span", "unit", c.unit));
      if (c.acted)
        li.append(el("span", "badge", labels.acted));
      ol.append(li);
    }
    s.append(ol);
  }

  function drawOrders(orders) {
    const s = $("orders");
    s.hidden = !orders || orders.length === 0;
    if (s.hidden)
      return;
    heading(s, labels.orders);
    const ul = el("ul", "orders");
    for (const o of orders)
      ul.append(el("li", null, o));
    s.append(ul);
  }

  function drawTracks(tracks) {
    const s = $("tracks");
    s.hidden = !tracks || tracks.length === 0;
    if (s.hidden)
      return;
    heading(s, labels.tracks);
    for (const t of tracks) {
      const div = el("div", "track");
      const top = el("div", "track-top");
      top.append(el("span", "track-label", t.label), el("span", "track-value", String(t.value)));
      div.append(top, el("p", "note", t.spoken));
      s.append(div);
    }
  }

  function drawUnits(section, side) {
    heading(section, side.name);
    const ul = el("ul", "units");
    for (const u of side.units) {
      const li = el("li", u.destroyed ? "destroyed" : null);
      li.append(el("span", "unit", u.name), el("span", "detail", u.detail));
      if (u.state.length > 0) {
        const badges = el("span", "badges");
        for (const w of u.state)
          badges.append(el("span", "badge", w));
        li.append(badges);
      }
      ul.append(li);
    }
    if (side.units.length === 0)
      ul.append(el("li", "note", labels.no_units));
    section.append(ul);
  }

  function drawSides(state) {
    const nav = $("sides");
    nav.replaceChildren();
    if (sideId) {
      const back = el("a", "link", labels.back);
      back.href = "/" + q;
      nav.append(back);
      return;
    }
    for (const side of state.sides || []) {
      const a = el("a", "link", side.name);
      a.href = "/side/" + encodeURIComponent(side.id) + q;
      nav.append(a);
    }
  }

  function draw(state) {
    labels = state.labels || {};
    document.body.dataset.rev = String(state.rev);
    document.title = state.title || "Adjutant";
    $("title").textContent = state.title;
    $("turn").textContent = state.turn_label;
    $("status").textContent = labels.reconnecting;
    drawSides(state);
    const side = sideId ? (state.sides || []).find(s => s.id === sideId) : null;
    drawFacts(side ? [] : state.facts);
    $("side").hidden = !side;
    for (const id of ["last", "cards", "orders", "tracks"])
      if (side)
        $(id).hidden = true;
    if (side) {
      drawUnits($("side"), side);
      return;
    }
    $("last").hidden = false;
    drawLast(state.last);
    drawCards(state.cards);
    drawOrders(state.orders);
    drawTracks(state.tracks);
  }

  // A stream that drops is usually back within a moment: the notice waits a little.
  let notice = 0;

  function connected() {
    clearTimeout(notice);
    $("status").hidden = true;
  }

  function connect() {
    // EventSource reconnects by itself, sending the id of the last update it had
    // (Last-Event-ID): the app then sends every update missed.
    const events = new EventSource("/events" + q);
    events.addEventListener("state", e => {
      connected();
      draw(JSON.parse(e.data));
    });
    events.onopen = connected;
    events.onerror = () => {
      clearTimeout(notice);
      notice = setTimeout(() => {
        // Before the first state there are no labels yet: an ellipsis says it all.
        $("status").textContent = labels.reconnecting || "…";
        $("status").hidden = false;
      }, 1500);
    };
  }

  connect();
})();
