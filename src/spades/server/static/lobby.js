// The lobby: the list of tables and the form that creates one.
import { h, fill } from "./dom.js";

// Each preset's players, target and round cap, from the welcome's preset_rules (the
// library's own rulesets): filled in by setUpForm.
let presetRules = {};

function presetInfo(name) {
  const rules = presetRules[name];
  return { players: rules.players, target: rules.target, roundCap: rules.round_cap };
}

/** A seat of a table summary in a word: "open", "player" or the bot's name. */
function seatWord(seat) {
  return seat.kind === "bot" ? seat.bot : seat.kind;
}

/**
 * What a lobby row says about a table: preset, target, state, scores, seats. A solo table
 * (four players each on her own) has four sides, so four scores, and says "solo"; a table
 * of three players says so, with three scores.
 */
function summaryText(summary) {
  let kind = "";
  if (summary.players === 3) kind = " for three";
  else if (summary.scores.length === 4) kind = " solo";
  return [
    `${summary.preset}${kind} to ${summary.target}`,
    summary.status === "over" ? "over" : `round ${summary.round_number}`,
    `score ${summary.scores.join("–")}`,
    `seats: ${summary.seats.map(seatWord).join(", ")}`,
  ].join(" · ");
}

/** Fill the lobby's list with the server's table summaries, keeping the focus on its row. */
export function renderTables(list, empty, tables) {
  empty.hidden = tables.length > 0;
  const focused = document.activeElement?.closest?.("[data-table]")?.dataset.table;
  fill(list, tables.map((summary) => {
    const id = summary.table;
    return h("li", { class: "table-row", "data-testid": "table-row", "data-table": id },
      h("span", { class: "table-id" }, id),
      h("span", { class: "table-summary" }, summaryText(summary)),
      h("a", { class: "button", href: `/tables/${encodeURIComponent(id)}`, "data-nav": true },
        summary.status === "over" ? "View" : "Open"));
  }));
  if (focused !== undefined) {
    list.querySelector(`[data-table="${CSS.escape(focused)}"] a`)?.focus();
  }
}

function options(select, values) {
  fill(select, values.map((value) => h("option", { value }, value)));
}

/** Set the form's choices from the server's welcome (presets, bots, default clock). */
export function setUpForm(form, welcome) {
  const { presets, bots, defaults } = welcome;
  presetRules = welcome.preset_rules;
  options(form.elements.preset, presets);
  form.elements.preset.value = defaults.preset;
  for (let seat = 0; seat < 4; seat++) {
    const select = form.elements[`seat${seat}`];
    options(select, ["open", ...bots]);
    select.value = seat === 0 ? "open" : bots[0];
  }
  form.elements.move_seconds.value = defaults.clock.move_seconds;
  form.elements.extension_seconds.value = defaults.clock.extension_seconds;
  form.elements.extension.value = defaults.clock.extension;
  form.elements.bot_pause.value = defaults.bot_pause;
  presetChanged(form);
  form.elements.preset.addEventListener("change", () => presetChanged(form));
  form.elements.solo.addEventListener("change", () => presetChanged(form));
  form.elements.three.addEventListener("change", () => presetChanged(form));
  form.querySelector("[type=submit]").disabled = false;
}

/**
 * The players the form asks for: the preset's, or three when "Three players" is ticked
 * (a four-player preset's rules for three, rule-three-players).
 */
function formPlayers(form) {
  const fields = form.elements;
  return fields.three.checked ? 3 : presetInfo(fields.preset.value).players;
}

/**
 * A new preset: its target, its round cap as the hint, and only as many seats as it has.
 * Solo is four players' choice: two players are each on her own already, and so are
 * three; three players are a four-player preset's choice.
 */
function presetChanged(form) {
  const info = presetInfo(form.elements.preset.value);
  const { solo, three } = form.elements;
  three.disabled = info.players === 2;
  if (three.disabled) three.checked = false;
  solo.disabled = info.players === 2 || three.checked;
  if (solo.disabled) solo.checked = false;
  const players = formPlayers(form);
  form.elements.target.value = info.target ?? "";
  form.elements.round_cap.placeholder =
    info.roundCap === null ? "none" : `${info.roundCap} (preset)`;
  let sides = "Seats 0 and 2 play against seats 1 and 3.";
  if (info.players === 2) sides = "Seat 0 plays against seat 1.";
  else if (players === 3) sides = "Three seats, each playing for herself.";
  else if (solo.checked) sides = "Each seat plays for herself.";
  form.querySelector("#seats-hint").textContent = `${sides} You take the first open seat.`;
  for (let seat = 0; seat < 4; seat++) {
    const used = seat < players;
    const select = form.elements[`seat${seat}`];
    select.disabled = !used;
    select.closest("label").hidden = !used;
  }
}

function numberOrNull(value) {
  return value === "" ? null : Number(value);
}

/**
 * The create_table message the form asks for; blank optional fields are left to the server.
 * Solo asks for the preset's ruleset with solo on, as one line of text ("classic;solo:true"),
 * and three players for it with three ("classic;players:3").
 */
export function createMessage(form) {
  const fields = form.elements;
  const players = formPlayers(form);
  let ruleset = { preset: fields.preset.value };
  if (fields.solo.checked) ruleset = { rules: `${fields.preset.value};solo:true` };
  else if (fields.three.checked) ruleset = { rules: `${fields.preset.value};players:3` };
  const message = {
    type: "create_table",
    ...ruleset,
    seats: Array.from({ length: players }, (_, seat) => fields[`seat${seat}`].value),
    clock: {
      move_seconds: Number(fields.move_seconds.value),
      extension_seconds: Number(fields.extension_seconds.value),
      extension: fields.extension.value,
    },
    bot_pause: Number(fields.bot_pause.value),
  };
  const target = numberOrNull(fields.target.value);
  const roundCap = numberOrNull(fields.round_cap.value);
  if (target !== null) message.target = target;
  if (roundCap !== null) message.round_cap = roundCap;
  return message;
}
