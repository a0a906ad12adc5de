// The replay viewer's stepping: the page works without this script (each step is a link); with it,
// the steps come from the hand's JSON and are drawn here without reloading the page.  Every text goes
// in through textContent, never as markup, so a name stays text.
"use strict";

(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  let scenes = null;
  let step = Number(root.dataset.step); // from 1, as in the address

  function tile(entry) {
    const img = document.createElement("img");
    img.className = "tile" + (entry.side ? " side" : "") + (entry.called ? " called" : "");
    img.src = "/tiles/" + entry.face + ".png";
    img.alt = entry.face;
    img.dataset.tile = String(entry.id);
    return img;
  }

  function fill(element, entries) {
    element.replaceChildren(...entries.map(tile));
  }

  function span(className, text) {
    const element = document.createElement("span");
    element.className = className;
    element.textContent = text;
    return element;
  }

  function drawSeat(element, seat) {
    element.className = "seat " + seat.place + (seat.acting ? " acting" : "");
    const label = element.querySelector(".label");
    const parts = [span("wind", seat.wind), " ", span("name", seat.name), " ", span("points", String(seat.points))];
    if (seat.riichi) parts.push(" ", span("riichi", root.dataset.riichi));
    label.replaceChildren(...parts);
    fill(element.querySelector(".concealed"), seat.concealed);
    fill(element.querySelector(".drawn"), seat.drawn ? [seat.drawn] : []);
    fill(element.querySelector(".won-on"), seat.won_on ? [seat.won_on] : []);
    element.querySelector(".melds").replaceChildren(
      ...seat.melds.map(function (meld) {
        const group = document.createElement("span");
        group.className = "meld";
        group.dataset.type = meld.type;
        fill(group, meld.tiles);
        return group;
      })
    );
    fill(element.querySelector(".flowers"), seat.flowers);
    fill(element.querySelector(".river"), seat.discards);
  }

  function address(number) {
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(number));
    return url.pathname + url.search;
  }

  function show(number) {
    const scene = scenes[number - 1];
    step = number;
    root.dataset.step = String(number);
    const caption = document.getElementById("caption");
    caption.title = scene.caption;
    caption.replaceChildren(span("words", scene.caption_words), ...scene.caption_tiles.flatMap(function (entry) {
      return [" ", tile(entry)];
    }));
    document.getElementById("header").textContent = scene.header;
    fill(document.getElementById("dora"), scene.dora);
    for (const seat of scene.seats) {
      drawSeat(root.querySelector('.seat[data-seat="' + seat.seat + '"]'), seat);
    }
    document.getElementById("result").replaceChildren(
      ...scene.result.map(function (line) {
        const p = document.createElement("p");
        p.textContent = line;
        return p;
      })
    );
    const last = scenes.length;
    const targets = { first: 1, previous: Math.max(number - 1, 1), next: Math.min(number + 1, last), last: last };
    for (const id in targets) document.getElementById(id).href = address(targets[id]);
    window.history.replaceState(null, "", address(number));
  }

  function go(number) {
    if (scenes === null) return false;
    show(Math.min(Math.max(number, 1), scenes.length));
    return true;
  }

  const moves = {
    first: function () { return 1; },
    previous: function () { return step - 1; },
    next: function () { return step + 1; },
    last: function () { return scenes.length; },
  };
  for (const id in moves) {
    document.getElementById(id).addEventListener("click", function (event) {
      if (go(moves[id]())) event.preventDefault(); // until the JSON is in, the link loads the page
    });
  }
  document.addEventListener("keydown", function (event) {
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    const move = keys[event.key];
    if (move && go(moves[move]())) event.preventDefault();
  });

  fetch(root.dataset.json, { headers: { Accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(function (data) {
      scenes = data.scenes;
      root.dataset.ready = "true";
    })
    .catch(function () {
      root.dataset.ready = "failed"; // the links still step through the hand, a page at a time
    });
})();
