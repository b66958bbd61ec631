// Dejarik in the browser: the new-game form, a live game over a WebSocket, and the replay viewer.
// Every value from the server reaches the page as text (textContent / attributes), never as HTML.

/* ==================== DOM helpers ==================== */

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

// el('div', {class: 'x', text: 'hi', 'data-ref': r, onclick: fn}, child, 'text', ...)
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value == null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = String(value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : String(child)); // strings become text nodes
  }
  return node;
}

function mountTemplate(id) {
  const app = $('#app');
  app.replaceChildren($(`#${id}`).content.cloneNode(true));
  return app;
}

const phoneQuery = window.matchMedia('(max-width: 600px), (hover: none) and (pointer: coarse)');
const hoverQuery = window.matchMedia('(hover: hover)');

/* ==================== Errors and connection status ==================== */

let errorTimer = null;

function showError(message) {
  const box = $('#error');
  box.textContent = String(message || 'Something went wrong');
  box.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function setConn(state, text) {
  const conn = $('#conn');
  conn.hidden = false;
  conn.dataset.state = state;
  conn.textContent = text;
}

/* ==================== Local storage: seats this browser holds ==================== */

const SEAT_PREFIX = 'dejarik:seat:';

function readSeat(gameId) {
  try {
    const entry = JSON.parse(localStorage.getItem(SEAT_PREFIX + gameId));
    return entry && typeof entry === 'object' ? entry : null;
  } catch { return null; }
}

function writeSeat(gameId, entry) {
  try { localStorage.setItem(SEAT_PREFIX + gameId, JSON.stringify(entry)); } catch { /* private mode */ }
}

function storedGames() {
  const games = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(SEAT_PREFIX)) continue;
    const id = key.slice(SEAT_PREFIX.length);
    const entry = readSeat(id);
    if (entry) games.push({ id, ...entry });
  }
  return games.sort((a, b) => (b.created || 0) - (a.created || 0));
}

/* ==================== HTTP ==================== */

function errorText(data, res) {
  if (data && typeof data.error === 'string') return data.error;
  if (data && typeof data.detail === 'string') return data.detail;
  if (data && Array.isArray(data.detail)) return data.detail.map((d) => d && d.msg).filter(Boolean).join('; ');
  return `${res.status} ${res.statusText || 'error'}`;
}

async function api(path, { method = 'GET', body } = {}) {
  const opts = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try { res = await fetch(path, opts); } catch { throw new Error('Cannot reach the server.'); }
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const err = new Error(errorText(data, res));
    err.status = res.status;
    throw err;
  }
  return data;
}

const gamePath = (id) => `/game/${encodeURIComponent(id)}`;
const apiGame = (id) => `/api/games/${encodeURIComponent(id)}`;

/* ==================== Card catalogue and refs ==================== */

let CARDS = {};
const FACTIONS = ['empire', 'rebel', 'republic', 'separatist', 'neutral'];
const SIDE_NAMES = { original: ['Empire', 'Rebels'], clone_wars: ['Separatists', 'Republic'] };
const REF_RE = /[A-Za-z0-9][\w'.-]*#\d+/g;

async function loadCards(gameId) {
  const data = await api(`${apiGame(gameId)}/cards`);
  CARDS = (data && data.cards && typeof data.cards === 'object') ? data.cards : (data || {});
}

const slugOf = (ref) => String(ref).split('#')[0];
const cardDef = (ref) => CARDS[slugOf(ref)] || null;
const refsIn = (text) => String(text || '').match(REF_RE) || [];
const prettySlug = (slug) => slug.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
const cardName = (ref) => (cardDef(ref) ? cardDef(ref).name : prettySlug(slugOf(ref)));
const factionClass = (f) => `f-${FACTIONS.includes(f) ? f : 'other'}`;
const typeWords = (t) => String(t || 'card').replace(/_/g, ' ');

// A catalogue value for display: '?' when no source establishes it (or the card is unknown).
function stat(def, field) {
  if (!def || (def.unknown || []).includes(field)) return '?';
  const v = def[field];
  if (v == null) return '';
  return Array.isArray(v) ? v.join(', ') : v;
}

const isUnknown = (def, field) => !def || (def.unknown || []).includes(field);

/* ==================== Seats, names and labels ==================== */

// ctx.seats: [{seat, name, player, title, connected}] (state.seats, or the game summary's)
function seatInfo(ctx, seat) {
  return (ctx.seats || []).find((s) => s && s.seat === seat) || null;
}

function seatLabel(ctx, seat) {
  if (ctx.mySeat != null && seat === ctx.mySeat) return 'You';
  if (ctx.labels && ctx.labels[seat]) return ctx.labels[seat];
  const info = seatInfo(ctx, seat);
  if (!info) return '';
  if (info.player === 'human') return ctx.mySeat != null ? 'Friend' : 'Player';
  return info.title || 'Computer';
}

function playerName(obs, seat) {
  const p = obs && obs.players && obs.players.find((x) => x.seat === seat);
  return p ? p.name : `Seat ${seat}`;
}

function nameWithLabel(obs, ctx, seat) {
  const label = seatLabel(ctx, seat);
  const name = playerName(obs, seat);
  return label && label !== name ? `${name} (${label})` : name;
}

// The side's name without a team game's number ("Rebels 2" -> "Rebels").
function sideName(obs, side) {
  const p = (obs.players || []).find((x) => x.side === side);
  return p ? p.name.replace(/\s+\d+$/, '') : `Side ${side}`;
}

/* ==================== Card elements ==================== */

// One card face. o: {zone, damage, attack, hp, used, attacked, attacking, showTarget, small}
function cardEl(ref, ctx, o = {}) {
  const def = cardDef(ref);
  const classes = ['card', factionClass(def && def.faction), `t-${def ? String(def.type).replace(/\W/g, '') : 'unknown'}`];
  if (o.small) classes.push('small');
  if (ctx.playable && ctx.playable.has(ref)) classes.push('playable');
  if (o.attacking) classes.push('attacking');
  if (ctx.target === ref) classes.push('targeted');
  ctx.index.set(ref, { zone: o.zone || '', damage: o.damage, attack: o.attack, hp: o.hp, used: o.used, attacked: o.attacked });

  const showCost = def && def.type !== 'base' && (def.cost > 0 || isUnknown(def, 'cost'));
  const head = el('div', { class: 'c-head' },
    el('span', { class: 'c-name' }, def && def.unique ? '✧ ' : '', cardName(ref)));
  const traits = def ? (isUnknown(def, 'traits') ? '?' : (def.traits || []).join(' · ')) : '';
  const kind = el('div', { class: 'c-kind' }, typeWords(def ? def.type : '?'), traits ? ` · ${traits}` : '');

  const stats = el('div', { class: 'c-stats' },
    showCost ? el('span', { class: 'c-cost', title: 'Cost' }, stat(def, 'cost')) : null);
  const addStat = (cls, symbol, value, title) => {
    if (value === '' || value === 0 || value == null) return;
    stats.append(el('span', { class: `st ${cls}${value === '?' ? ' unknown' : ''}`, title }, symbol, value));
  };
  const attack = o.attack != null ? o.attack : stat(def, 'attack');
  addStat('atk', '⚔', attack, 'Attack');
  addStat('res', '◆', stat(def, 'resources'), 'Resources');
  addStat('frc', '✦', stat(def, 'force'), 'Force');
  if (def && (def.type === 'capital_ship' || def.type === 'base')) {
    const hp = o.hp != null ? o.hp : stat(def, 'hp');
    addStat('hp', '♥', hp, 'Hit points');
  }
  if (o.showTarget) addStat('tgt', '◎', stat(def, 'target'), 'Bounty: attack needed to defeat it');

  const badges = el('div', { class: 'c-badges' });
  if (o.damage) badges.append(el('span', { class: 'badge dmg' }, `dmg ${o.damage}`));
  if (o.attacking) badges.append(el('span', { class: 'badge atk' }, 'attacking'));
  else if (o.attacked) badges.append(el('span', { class: 'badge' }, 'attacked'));
  if (o.used) badges.append(el('span', { class: 'badge' }, 'used'));

  return el('div', { class: classes.join(' '), 'data-ref': ref, tabindex: 0, role: 'button', 'aria-label': cardName(ref) },
    head, kind, stats, badges.childNodes.length ? badges : null);
}

// A labelled strip of cards (scrolls sideways on phones).
function zoneEl(title, key, cards, emptyText, extraClass = '') {
  return el('div', { class: `zone ${extraClass}` },
    el('div', { class: 'zone-title' }, title),
    el('div', { class: 'strip', 'data-key': key }, cards.length ? cards : el('span', { class: 'empty' }, emptyText)));
}

// A collapsible pile (discard, exile, ...): count in the summary, cards inside.
const openPiles = new Set();

function pileEl(title, key, refs, ctx, zone) {
  const list = Array.isArray(refs) ? refs : [];
  const hasPlayable = list.some((r) => ctx.playable && ctx.playable.has(r));
  const details = el('details', { class: 'pile', 'data-key': key });
  details.open = openPiles.has(key) || hasPlayable;
  const summary = el('summary', {}, `${title} `, el('span', { class: 'count' }, String(list.length)));
  summary.addEventListener('click', () => {
    if (details.open) openPiles.delete(key); else openPiles.add(key);
  });
  details.append(summary, el('div', { class: 'strip' },
    list.length ? list.map((r) => cardEl(r, ctx, { zone, small: true })) : el('span', { class: 'empty' }, 'empty')));
  return details;
}

/* ==================== Card detail ==================== */

function renderDetail(box, ref, info) {
  box.replaceChildren();
  if (!ref) {
    box.append(el('p', { class: 'muted' }, hoverQuery.matches ? 'Hover over a card to read it here.' : 'Tap a card to read it here.'));
    return;
  }
  const def = cardDef(ref);
  box.append(el('h3', { class: `detail-name ${factionClass(def && def.faction)}` }, def && def.unique ? '✧ ' : '', cardName(ref)));
  if (!def) {
    box.append(el('p', { class: 'muted' }, 'No card details loaded for this card.'), el('code', {}, ref));
    return;
  }
  box.append(el('p', { class: 'detail-kind' }, [typeWords(def.type), def.faction, def.role].filter(Boolean).join(' · ')));
  const rows = [['Cost', 'cost'], ['Attack', 'attack'], ['Resources', 'resources'], ['Force', 'force'],
    ['Hit points', 'hp'], ['Bounty (attack to defeat)', 'target'], ['Traits', 'traits']];
  const dl = el('dl', { class: 'detail-stats' });
  for (const [label, field] of rows) {
    const value = stat(def, field);
    if (value === '' && !isUnknown(def, field)) continue;
    dl.append(el('dt', {}, label), el('dd', { class: value === '?' ? 'unknown' : '' }, value === '' ? '—' : value));
  }
  box.append(dl);
  if (def.text) box.append(el('p', { class: 'detail-text' }, def.text));
  if (def.reward) box.append(el('p', { class: 'detail-reward' }, el('strong', {}, 'Reward: '), def.reward));
  const notes = [];
  if (info) {
    if (info.zone) notes.push(info.zone);
    if (info.attack != null) notes.push(`attack now ${info.attack}`);
    if (info.damage) notes.push(`damage ${info.damage}${info.hp ? `/${info.hp}` : ''}`);
    if (info.used) notes.push('ability used this turn');
    if (info.attacked) notes.push('attacked this turn');
  }
  if (notes.length) box.append(el('p', { class: 'detail-where' }, notes.join(' · ')));
  if ((def.unknown || []).length) {
    box.append(el('p', { class: 'detail-unknown' }, `? No source establishes: ${def.unknown.join(', ')}`));
  }
  box.append(el('p', { class: 'detail-ref' }, el('code', {}, ref), def.pack ? ` · ${def.pack}` : ''));
}

let detailRef = null;
let detailIndex = new Map();

function showDetail(ref) {
  const box = $('#card-detail');
  if (!box) return;
  detailRef = ref;
  renderDetail(box, ref, ref ? detailIndex.get(ref) : null);
}

/* ==================== Board rendering (live game and replay) ==================== */

// ctx: {mySeat, seats, labels, legal: [{action,label}], statusText, basesToWin}
// Fills ctx.index (ref -> where it is) and ctx.playable while drawing.
function renderBoard(root, obs, ctx) {
  ctx.index = new Map();
  ctx.playable = new Set((ctx.legal || []).flatMap((a) => refsIn(a.action)));
  ctx.target = obs && obs.attack ? obs.attack.target : null;
  root.replaceChildren(boardHeader(obs, ctx));
  if (!obs || !Array.isArray(obs.players) || !obs.players.length) {
    detailIndex = ctx.index;
    return;
  }
  const me = obs.you >= 0 ? obs.you : (ctx.mySeat != null ? ctx.mySeat : 0);
  const team = obs.players.length >= 4;
  const bySeat = (s) => obs.players.find((p) => p.seat === s);
  const sideOf = (seat, compact, mine) => (bySeat(seat) ? sideEl(bySeat(seat), obs, ctx, { compact, mine }) : null);

  root.append(el('div', { class: 'sides sides-top' },
    sideOf(me ^ 1, false, false), team ? sideOf(me ^ 3, true, false) : null));

  root.append(galaxyEl(obs, ctx));

  const extras = extraStrips(obs, ctx);
  if (extras) root.append(extras);

  root.append(el('div', { class: 'sides sides-bottom' },
    sideOf(me, false, obs.you >= 0), team ? sideOf(me ^ 2, true, false) : null));

  // Refs offered by a legal action but drawn nowhere on the board
  const missing = [...ctx.playable].filter((r) => !ctx.index.has(r));
  if (missing.length) {
    const other = zoneEl('Other choices', 'other', missing.map((r) => cardEl(r, ctx, { zone: 'offered by an action' })), '', 'zone-other');
    root.insertBefore(other, root.querySelector('.sides-bottom'));
  }
  detailIndex = ctx.index;
}

function boardHeader(obs, ctx) {
  const head = el('div', { class: 'board-head' });
  const turn = el('div', { id: 'turn', class: 'turn' });
  const status = el('div', { id: 'status', class: 'status', 'data-status': ctx.status || '' }, ctx.statusText || '');
  head.append(el('div', { class: 'head-line' }, turn, status));
  if (!obs || !Array.isArray(obs.players)) {
    turn.textContent = ctx.status === 'waiting' ? 'The game has not started yet' : 'Waiting for the game…';
    return head;
  }
  turn.append(el('strong', {}, `Turn ${obs.turn}`), ' · ');
  const active = obs.players.find((p) => p.seat === obs.active);
  turn.append(el('span', { class: `who side-${active ? active.side : 0}` }, nameWithLabel(obs, ctx, obs.active)),
    obs.active === ctx.mySeat ? ' — your turn' : ' to play');
  if (obs.terminal) {
    turn.append(el('span', { class: 'over' }, ' · game over'));
  } else if (obs.current_player >= 0 && obs.current_player !== obs.active) {
    turn.append(el('span', { class: 'decider' }, ` · ${obs.current_player === ctx.mySeat ? 'you' : nameWithLabel(obs, ctx, obs.current_player)} must decide`));
  }
  head.append(forceTrack(obs));
  const attack = attackLine(obs, ctx);
  if (attack) head.append(attack);
  return head;
}

// The 7-space Force track: side 0 owns the low end, the marker sits at obs.force.
function forceTrack(obs) {
  const cells = el('div', { class: 'force-cells', role: 'img', 'aria-label': `Force at ${obs.force} of 6` });
  for (let i = 0; i <= 6; i++) {
    const owner = i < 3 ? 'own-0' : i > 3 ? 'own-1' : 'own-mid';
    cells.append(el('span', { class: `force-cell ${owner}${i === obs.force ? ' marker' : ''}` }, i === obs.force ? '●' : '·'));
  }
  const withText = obs.force_with == null ? 'Force balanced' : `Force with ${sideName(obs, obs.force_with)}`;
  return el('div', { class: 'force-track' },
    el('span', { class: 'force-end side-0' }, sideName(obs, 0)), cells,
    el('span', { class: 'force-end side-1' }, sideName(obs, 1)),
    el('span', { class: `force-with${obs.force_with == null ? '' : ` side-${obs.force_with}`}` }, withText));
}

function attackLine(obs, ctx) {
  const atk = obs.attack;
  if (!atk || atk.target == null) return null;
  const committed = atk.committed || [];
  let total = 0;
  for (const p of obs.players) for (const c of p.play || []) if (committed.includes(c.card)) total += c.attack || 0;
  const target = atk.target === 'base' ? 'the enemy base' : cardName(atk.target);
  return el('div', { class: 'attack-line' }, `⚔ Attack forming on ${target}: ${total}`,
    committed.length ? ` from ${committed.map(cardName).join(', ')}` : '');
}

// One player's side of the table.
function sideEl(p, obs, ctx, { compact, mine }) {
  const info = seatInfo(ctx, p.seat);
  const committed = (obs.attack && obs.attack.committed) || [];
  const whose = mine ? 'your' : `${p.name}'s`;
  const classes = ['side', `side-${p.side}`, factionClass(p.faction)];
  if (compact) classes.push('compact');
  if (mine) classes.push('mine');
  if (p.seat === obs.active && !obs.terminal) classes.push('active');
  const sec = el('section', { class: classes.join(' '), 'data-seat': p.seat });

  const label = seatLabel(ctx, p.seat);
  const dot = info && info.connected != null
    ? el('span', { class: `dot ${info.connected ? 'on' : 'off'}`, title: info.connected ? 'connected' : 'not connected' }) : null;
  const flags = [];
  if (p.seat === obs.active && !obs.terminal) flags.push(el('span', { class: 'badge turn-badge' }, 'turn'));
  if (p.seat === obs.current_player && !obs.terminal) flags.push(el('span', { class: 'badge decide-badge' }, 'deciding'));
  if (p.finished) flags.push(el('span', { class: 'badge' }, 'finished this turn'));
  sec.append(el('header', { class: 'side-head' }, dot,
    el('span', { class: 'side-name' }, p.name), label && label !== p.name ? el('span', { class: 'side-label' }, label) : null, flags));

  const handCount = Array.isArray(p.hand) ? p.hand.length : p.hand;
  const destroyed = (p.victory || []).length;
  const chips = [
    ['res', `◆ ${p.pool}`, 'resources in the pool'],
    ['', `Hand ${handCount}`, 'cards in hand'],
    ['', `Deck ${p.deck}`, 'cards in the deck'],
    ['', `Bases left ${(p.base_deck || []).length}`, 'reserve bases, face down'],
    ['', `Destroyed ${destroyed}${ctx.basesToWin ? `/${ctx.basesToWin}` : ''}`, 'enemy bases destroyed'],
  ];
  sec.append(el('div', { class: 'side-stats' }, chips.map(([cls, text, title]) => el('span', { class: `chip ${cls}`, title }, text))));

  const body = el('div', { class: 'side-body' });
  body.append(baseEl(p, ctx, whose));
  const play = (p.play || []).map((c) => cardEl(c.card, ctx, {
    zone: `${whose} cards in play`, damage: c.damage, attack: c.attack, used: c.ability_used,
    attacked: c.attacked, attacking: committed.includes(c.card),
    hp: cardDef(c.card) && cardDef(c.card).type === 'capital_ship' ? stat(cardDef(c.card), 'hp') : null,
  }));
  body.append(zoneEl('In play', `play-${p.seat}`, play, 'nothing in play', 'zone-play'));
  if (Array.isArray(p.hand)) {
    body.append(zoneEl('Hand', `hand-${p.seat}`, p.hand.map((r) => cardEl(r, ctx, { zone: `${whose} hand` })), 'empty hand', 'zone-hand'));
  } else {
    body.append(el('div', { class: 'zone zone-hand zone-facedown' }, el('div', { class: 'zone-title' }, 'Hand'),
      el('div', { class: 'facedown' }, el('span', { class: 'facedown-stack', 'aria-hidden': 'true' }), `${p.hand} cards`)));
  }
  sec.append(body);

  sec.append(el('div', { class: 'piles' },
    pileEl('Discard', `discard-${p.seat}`, p.discard, ctx, `${whose} discard pile`),
    pileEl('Exile', `exile-${p.seat}`, p.exile, ctx, `${whose} exile pile`),
    pileEl('Bases destroyed', `victory-${p.seat}`, p.victory, ctx, `enemy bases ${mine ? 'you' : p.name} destroyed`),
    pileEl('Reserve bases', `bases-${p.seat}`, p.base_deck, ctx, `${whose} reserve bases`)));
  return sec;
}

function baseEl(p, ctx, whose) {
  const wrap = el('div', { class: 'zone zone-base' }, el('div', { class: 'zone-title' }, 'Base'));
  if (!p.base) {
    wrap.append(el('div', { class: 'no-base' }, 'destroyed — a new one comes next turn'));
    return wrap;
  }
  const b = p.base;
  const hp = b.hp != null ? b.hp : stat(cardDef(b.card), 'hp');
  wrap.append(cardEl(b.card, ctx, { zone: `${whose} base`, damage: b.damage, hp, used: b.ability_used }));
  const pct = typeof hp === 'number' && hp > 0 ? Math.max(0, Math.min(100, 100 * (hp - b.damage) / hp)) : 0;
  wrap.append(el('div', { class: 'hp-bar', title: `${b.damage} damage of ${hp}` },
    el('span', { class: 'hp-fill', style: `width:${pct.toFixed(0)}%` })),
  el('div', { class: 'hp-text' }, `${b.damage}/${hp} damage`));
  return wrap;
}

// The galaxy row(s): your region's prominent, the other region's (team game) smaller.
function galaxyEl(obs, ctx) {
  const regions = Array.isArray(obs.regions) && obs.regions.length
    ? obs.regions : [{ row: obs.row, galaxy_deck: obs.galaxy_deck, galaxy_discard: obs.galaxy_discard, pilots: obs.pilots }];
  const mine = Math.min(Math.max(obs.region || 0, 0), regions.length - 1);
  const wrap = el('div', { class: 'galaxy-area' });
  wrap.append(regionEl(regions[mine], mine, obs, ctx, true, regions.length > 1));
  regions.forEach((reg, i) => { if (i !== mine) wrap.append(regionEl(reg, i, obs, ctx, false, true)); });
  return wrap;
}

function regionEl(reg, index, obs, ctx, prominent, team) {
  const title = team ? `Galaxy row — region ${index + 1}${prominent ? ' (yours)' : ''}` : 'Galaxy row';
  const sec = el('section', { class: `galaxy${prominent ? '' : ' compact'}`, 'data-region': index });
  const row = (reg.row || []).map((r) => cardEl(r, ctx, { zone: 'the galaxy row', showTarget: true, small: !prominent }));
  sec.append(zoneEl(title, `row-${index}`, row, 'the row is empty', 'zone-row'));

  // The Outer Rim Pilots stack: a real card when an action offers its top copy
  const pilotBuy = prominent ? (ctx.legal || []).find((a) => /^buy\s/.test(a.action) && slugOf(refsIn(a.action)[0] || '') === 'outer-rim-pilot') : null;
  const pilotRef = pilotBuy ? refsIn(pilotBuy.action)[0] : null;
  const pilots = pilotRef
    ? el('div', { class: 'pile-stack' }, cardEl(pilotRef, ctx, { zone: 'the Outer Rim Pilots', small: true }), el('span', {}, `${reg.pilots} left`))
    : el('div', { class: 'pile-stack deck' }, el('span', { class: 'pile-num' }, String(reg.pilots ?? '?')), 'Outer Rim Pilots');
  const deck = el('div', { class: 'pile-stack deck' }, el('span', { class: 'pile-num' }, String(reg.galaxy_deck ?? '?')), 'Galaxy deck');
  sec.append(el('div', { class: 'galaxy-piles' }, deck, pilots,
    pileEl('Galaxy discard', `gdiscard-${index}`, reg.galaxy_discard, ctx, 'the galaxy discard pile')));
  return sec;
}

// Cards a decision lets the viewer look at: the galaxy deck's top, revealed cards.
function extraStrips(obs, ctx) {
  const parts = [];
  if (Array.isArray(obs.galaxy_top) && obs.galaxy_top.length) {
    parts.push(zoneEl('Top of the galaxy deck', 'gtop', obs.galaxy_top.map((r) => cardEl(r, ctx, { zone: 'the top of the galaxy deck' })), '', 'zone-reveal'));
  }
  if (Array.isArray(obs.revealed) && obs.revealed.length) {
    parts.push(zoneEl('Revealed', 'revealed', obs.revealed.map((r) => cardEl(r, ctx, { zone: 'revealed' })), '', 'zone-reveal'));
  }
  return parts.length ? el('div', { class: 'extras' }, parts) : null;
}

// Keep each strip's sideways scroll across redraws.
function captureScroll(root) {
  const saved = new Map();
  for (const s of $$('.strip[data-key]', root)) saved.set(s.dataset.key, s.scrollLeft);
  return () => { for (const s of $$('.strip[data-key]', root)) if (saved.get(s.dataset.key)) s.scrollLeft = saved.get(s.dataset.key); };
}

/* ==================== Log ==================== */

function logLineEl(text, obs) {
  const line = String(text);
  const classes = ['log-line'];
  if (line.startsWith('--')) classes.push('turn-header');
  else if (line.startsWith('  ')) classes.push('sub');
  else if (obs && Array.isArray(obs.players)) {
    const p = obs.players.find((x) => line.startsWith(`${x.name}:`) || line.startsWith(`${x.name} `));
    if (p) classes.push(`side-${p.side}`);
  }
  return el('div', { class: classes.join(' ') }, line);
}

const nearBottom = (box) => box.scrollHeight - box.scrollTop - box.clientHeight < 48;

/* ==================== Action menu / phone sheet ==================== */

function closeMenu() {
  const menu = $('#action-menu');
  if (menu) { menu.hidden = true; menu.replaceChildren(); }
}

// actions: [{action,label}]; sheet: the phone's bottom sheet with the card's text too.
function openMenu(ref, actions, ev, { sheet = false, disabled = false, onPick }) {
  const menu = $('#action-menu');
  if (!menu) return;
  menu.replaceChildren();
  menu.classList.toggle('sheet', sheet);
  menu.append(el('div', { class: 'menu-head' }, el('strong', {}, cardName(ref)),
    el('button', { type: 'button', class: 'menu-close', 'aria-label': 'Close', onclick: closeMenu }, '×')));
  if (sheet) {
    const detail = el('div', { class: 'menu-detail' });
    renderDetail(detail, ref, detailIndex.get(ref));
    detail.querySelector('h3')?.remove();
    menu.append(detail);
  }
  for (const a of actions) {
    menu.append(el('button', {
      type: 'button', class: 'menu-action', role: 'menuitem', 'data-action': a.action, disabled,
      onclick: (e) => { e.stopPropagation(); onPick(a.action); },
    }, el('span', { class: 'label' }, a.label || a.action), el('code', {}, a.action)));
  }
  if (!actions.length && sheet) menu.append(el('p', { class: 'muted' }, 'No action for this card right now.'));
  menu.hidden = false;
  if (!sheet) {
    const x = ev ? ev.clientX : innerWidth / 2;
    const y = ev ? ev.clientY : innerHeight / 2;
    const r = menu.getBoundingClientRect();
    menu.style.left = `${Math.max(8, Math.min(x, innerWidth - r.width - 8))}px`;
    menu.style.top = `${Math.max(8, Math.min(y + 8, innerHeight - r.height - 8))}px`;
  } else {
    menu.style.left = '';
    menu.style.top = '';
  }
  menu.querySelector('.menu-action:not([disabled])')?.focus({ preventScroll: true });
}

// Legal actions naming a ref: those where it is the first ref, and all of them.
function actionsFor(ref, legal) {
  const all = legal.filter((a) => refsIn(a.action).includes(ref));
  const first = all.filter((a) => refsIn(a.action)[0] === ref);
  return { first, all };
}

/* ==================== Page-wide card interaction ==================== */

// page.onCardClick(cardEl, event) is set by the game and replay screens.
const page = { onCardClick: null };

function installCardHandlers() {
  document.addEventListener('click', (ev) => {
    const menu = $('#action-menu');
    if (menu && !menu.hidden && !menu.contains(ev.target)) closeMenu();
    const card = ev.target.closest && ev.target.closest('.card[data-ref]');
    if (card && !card.closest('#action-menu') && page.onCardClick) page.onCardClick(card, ev);
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') closeMenu();
    if ((ev.key === 'Enter' || ev.key === ' ') && ev.target.matches && ev.target.matches('.card[data-ref]')) {
      ev.preventDefault();
      const r = ev.target.getBoundingClientRect();
      page.onCardClick && page.onCardClick(ev.target, { clientX: r.left, clientY: r.bottom, target: ev.target });
    }
  });
  document.addEventListener('mouseover', (ev) => {
    if (!hoverQuery.matches || !ev.target.closest) return;
    const card = ev.target.closest('.card[data-ref]');
    if (card && !card.closest('#action-menu')) showDetail(card.dataset.ref);
  });
}

/* ==================== Home screen ==================== */

async function initHome() {
  mountTemplate('tpl-home');
  document.title = 'Dejarik';
  const form = $('#create-form');
  const opponent = $('#opponent');
  const edition = $('#edition');
  const syncLevel = () => { $('#level-field').hidden = opponent.value !== 'ai'; };
  opponent.addEventListener('change', syncLevel);
  edition.addEventListener('change', () => labelSides(edition.value));
  syncLevel();
  labelSides(edition.value);
  form.addEventListener('submit', (ev) => { ev.preventDefault(); createGame(); });
  renderMyGames();
  try {
    fillOptions(await api('/api/options'));
  } catch { /* keep the built-in choices */ }
}

function fillSelect(select, items) {
  if (!Array.isArray(items) || !items.length) return;
  const keep = select.value;
  select.replaceChildren(...items.map((it) => {
    const id = typeof it === 'string' ? it : it.id;
    const title = typeof it === 'string' ? it.charAt(0).toUpperCase() + it.slice(1) : (it.title || it.id);
    const opt = el('option', { value: id }, it.playable === false ? `${title} (card data missing)` : title);
    if (it.playable === false) { opt.disabled = true; opt.title = it.note || ''; }
    return opt;
  }));
  if (select.selectedOptions[0] && select.selectedOptions[0].disabled) {
    const first = [...select.options].find((o) => !o.disabled);
    if (first) select.value = first.value;
  }
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function fillOptions(opts) {
  if (!opts) return;
  fillSelect($('#edition'), opts.editions);
  fillSelect($('#mode'), opts.modes);
  fillSelect($('#level'), opts.levels);
  const b = opts.bases_to_win;
  if (b && b.min != null) { $('#bases').min = b.min; $('#bases').max = b.max; $('#bases').placeholder = `default (${b.min}–${b.max})`; }
  labelSides($('#edition').value);
}

function labelSides(edition) {
  const names = SIDE_NAMES[edition];
  const seat = $('#seat');
  seat.options[0].textContent = names ? `${names[0]} (first side)` : 'First side';
  seat.options[1].textContent = names ? `${names[1]} (second side)` : 'Second side';
}

function showFormError(message) {
  const box = $('#form-error');
  box.textContent = message;
  box.hidden = !message;
}

async function createGame() {
  showFormError('');
  const basesText = $('#bases').value.trim();
  const bases = basesText === '' ? null : Number(basesText);
  if (bases !== null && !Number.isInteger(bases)) { showFormError('Bases to win must be a whole number (or blank for the default).'); return; }
  const seatValue = $('#seat').value;
  const body = {
    edition: $('#edition').value,
    mode: $('#mode').value,
    bases_to_win: bases,
    opponent: $('#opponent').value,
    level: $('#level').value,
    seat: seatValue === 'random' ? null : Number(seatValue),
  };
  const button = $('#create');
  button.disabled = true;
  try {
    const res = await api('/api/games', { method: 'POST', body });
    writeSeat(res.game, {
      seat: res.seat, token: res.token, invite: res.invite ?? null,
      created: Date.now(), edition: body.edition, opponent: body.opponent,
    });
    location.assign(gamePath(res.game));
  } catch (err) {
    showFormError(err.message);
    button.disabled = false;
  }
}

function renderMyGames() {
  const list = $('#my-games');
  const games = storedGames();
  if (!games.length) {
    list.append(el('li', { class: 'muted' }, 'No games yet in this browser.'));
    return;
  }
  games.forEach((g, i) => {
    const side = typeof g.seat !== 'number' ? 'watching'
      : SIDE_NAMES[g.edition] ? SIDE_NAMES[g.edition][g.seat & 1] : `seat ${g.seat}`;
    const when = g.created ? new Date(g.created).toLocaleString() : '';
    const status = el('span', { class: 'game-status' });
    list.append(el('li', {}, el('a', { href: gamePath(g.id) }, `Game ${g.id}`),
      el('span', { class: 'muted' }, ` · ${side}${g.opponent === 'friend' ? ' v a friend' : g.opponent === 'ai' ? ' v the computer' : ''}${when ? ` · ${when}` : ''} `),
      status));
    if (i < 12) {
      api(apiGame(g.id)).then((s) => { status.textContent = s && s.status ? s.status : ''; status.dataset.status = s && s.status; })
        .catch((e) => { status.textContent = e.status === 404 ? 'gone' : ''; });
    }
  });
}

/* ==================== Game screen: state ==================== */

const G = {
  id: '', seat: null, token: null, invite: null, summary: null, state: null,
  ws: null, backoff: 500, retryTimer: null, pingTimer: null, stopped: false,
  pending: false, pendingTimer: null, thinking: null, seenLog: new Set(), summaryTimer: null,
};

const legalOf = (state) => ((state && Array.isArray(state.legal)) ? state.legal : [])
  .map((a) => (typeof a === 'string' ? { action: a, label: a } : a)).filter((a) => a && typeof a.action === 'string');

async function initGame(id) {
  mountTemplate('tpl-game');
  G.id = id;
  document.title = `Dejarik · game ${id}`;
  $('#game-title').textContent = `Game ${id}`;
  $('#replay-link').href = `${gamePath(id)}/replay`;
  $('#replay-download').href = `${apiGame(id)}/replay`;
  $('#replay-download').setAttribute('download', `dejarik-${id}.json`);
  $('#invite-copy').addEventListener('click', copyInvite);
  $('#actions').addEventListener('mouseover', onActionHover);
  $('#actions').addEventListener('mouseout', () => $$('.card.hl').forEach((c) => c.classList.remove('hl')));
  $('#actions').addEventListener('click', (ev) => {
    const b = ev.target.closest('button.action');
    if (b && !b.disabled) sendAction(b.dataset.action);
  });
  page.onCardClick = onGameCardClick;

  const stored = readSeat(id);
  if (stored) { G.seat = typeof stored.seat === 'number' ? stored.seat : null; G.token = stored.token || null; G.invite = stored.invite || null; }
  await joinIfInvited(id);

  renderGame();
  loadCards(id).then(renderGame).catch((e) => showError(`Card details: ${e.message}`));
  refreshSummary();
  connect();
}

async function joinIfInvited(id) {
  const m = location.hash.match(/^#invite=(.+)$/);
  if (!m) return;
  const code = decodeURIComponent(m[1]);
  history.replaceState(null, '', location.pathname + location.search);
  try {
    const res = await api(`${apiGame(id)}/join`, { method: 'POST', body: { invite: code } });
    G.seat = res.seat; G.token = res.token; G.invite = null;
    writeSeat(id, { seat: res.seat, token: res.token, invite: null, created: Date.now(), opponent: 'friend' });
  } catch (err) {
    const box = $('#join-error');
    box.textContent = `Could not join with this invite: ${err.message}. You are watching as a spectator.`;
    box.hidden = false;
  }
}

async function refreshSummary() {
  try {
    G.summary = await api(apiGame(G.id));
    renderGame();
  } catch (err) {
    if (err.status === 404) { showError(`No game ${G.id} on this server.`); }
  }
}

/* ==================== Game screen: WebSocket ==================== */

function connect() {
  clearTimeout(G.retryTimer);
  if (G.stopped) return;
  setConn('connecting', 'Connecting…');
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/games/${encodeURIComponent(G.id)}`;
  let ws;
  try { ws = new WebSocket(url); } catch { scheduleReconnect(); return; }
  G.ws = ws;
  ws.onopen = () => {
    const hello = { type: 'hello' };
    if (G.token) hello.token = G.token;
    ws.send(JSON.stringify(hello));
    setConn('open', 'Connected');
    clearInterval(G.pingTimer);
    G.pingTimer = setInterval(() => { if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}'); }, 25000);
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg && typeof msg === 'object') handleMessage(msg);
  };
  ws.onclose = () => {
    if (G.ws !== ws) return;
    G.ws = null;
    clearInterval(G.pingTimer);
    setPending(false);
    if (G.stopped) setConn('closed', 'Disconnected');
    else scheduleReconnect();
  };
  ws.onerror = () => { /* a close follows */ };
}

function scheduleReconnect() {
  const delay = G.backoff;
  G.backoff = Math.min(G.backoff * 2, 5000);
  setConn('closed', `Disconnected — retrying in ${(delay / 1000).toFixed(1)} s`);
  G.retryTimer = setTimeout(connect, delay);
}

function handleMessage(msg) {
  switch (msg.type) {
    case 'welcome':
      G.backoff = 500;
      G.seat = typeof msg.seat === 'number' ? msg.seat : null;
      if (G.seat == null) G.token = null; // the server did not accept a seat: watch instead
      if (msg.game && typeof msg.game === 'object') G.summary = msg.game;
      renderGame();
      break;
    case 'state':
      onState(msg);
      break;
    case 'thinking':
      G.thinking = { seat: msg.seat, title: msg.title };
      renderThinking();
      break;
    case 'error':
      onServerError(msg);
      break;
    default: // ack, pong: nothing to draw (a state follows an ack)
      break;
  }
}

function onServerError(msg) {
  showError(msg.message || msg.code || 'Error');
  setPending(false);
  renderActions();
  if (msg.code === 'unauthorized' && G.token) {
    G.token = null; // a seat token the server refuses: watch as a spectator instead
    G.seat = null;
    G.ws && G.ws.close();
  } else if (msg.code === 'not_found') {
    G.stopped = true;
    G.ws && G.ws.close();
  }
}

function onState(msg) {
  const before = G.state ? G.state.status : null;
  G.state = msg;
  G.thinking = msg.thinking || null;
  setPending(false);
  appendLog(msg.log);
  renderGame();
  if (before && before !== msg.status) refreshSummary();
}

function setPending(on) {
  G.pending = on;
  clearTimeout(G.pendingTimer);
  if (on) G.pendingTimer = setTimeout(() => { G.pending = false; renderActions(); }, 15000);
  $$('button.action, button.menu-action').forEach((b) => { b.disabled = on; });
}

function sendAction(text) {
  if (G.pending || !G.state) return;
  if (!G.ws || G.ws.readyState !== WebSocket.OPEN) { showError('Not connected to the server; retrying…'); return; }
  G.ws.send(JSON.stringify({ type: 'act', seq: G.state.seq, action: text }));
  setPending(true);
  closeMenu();
}

/* ==================== Game screen: drawing ==================== */

function gameCtx() {
  const st = G.state;
  const status = st ? st.status : (G.summary && G.summary.status) || '';
  const seats = (st && Array.isArray(st.seats) && st.seats.length ? st.seats : (G.summary && G.summary.seats)) || [];
  const cfg = (G.summary && G.summary.config) || {};
  return {
    mySeat: G.seat, seats, legal: legalOf(st), status, statusText: statusText(status),
    basesToWin: typeof cfg.bases_to_win === 'number' ? cfg.bases_to_win : null,
  };
}

function statusText(status) {
  if (status === 'waiting') return G.seat != null ? 'Waiting for your friend to join' : 'Waiting for players';
  if (status === 'finished') return 'Finished';
  if (status === 'playing') return legalOf(G.state).length ? 'Playing · your decision' : 'Playing';
  return status || 'Connecting';
}

function renderGame() {
  const board = $('#board');
  if (!board) return;
  const st = G.state;
  const ctx = gameCtx();
  board.dataset.seq = st ? String(st.seq) : '';
  board.dataset.status = ctx.status || '';
  board.dataset.seat = G.seat != null ? String(G.seat) : 'spectator';
  const restore = captureScroll(board);
  renderBoard(board, st && st.obs, ctx);
  restore();
  closeMenu();
  $('#spectating').hidden = G.seat != null;
  renderPrompt(ctx);
  renderActions();
  renderThinking();
  renderInvite(ctx);
  renderGameOver(ctx);
  // a card that has left the board (say, into a deck) is no longer shown
  showDetail(detailRef && detailIndex.has(detailRef) ? detailRef : null);
}

function renderPrompt(ctx) {
  const box = $('#prompt');
  const st = G.state;
  box.replaceChildren();
  if (st && st.prompt) { box.textContent = st.prompt; return; }
  const obs = st && st.obs;
  let text = '';
  if (ctx.status === 'finished' || (obs && obs.terminal)) text = 'The game is over.';
  else if (ctx.legal.length) text = 'Your decision: choose an action.';
  else if (obs && obs.current_player >= 0) text = `Waiting for ${nameWithLabel(obs, ctx, obs.current_player)}.`;
  box.append(el('span', { class: 'muted' }, text));
}

function renderActions() {
  const box = $('#actions');
  if (!box) return;
  const legal = legalOf(G.state);
  box.replaceChildren();
  for (const a of legal) {
    box.append(el('button', { type: 'button', class: 'action', 'data-action': a.action, disabled: G.pending },
      el('span', { class: 'label' }, a.label || a.action), el('code', {}, a.action)));
  }
  if (!legal.length) {
    const note = G.seat == null ? 'Spectators watch; they have no actions.' : 'No decision for you right now.';
    box.append(el('p', { class: 'muted no-actions' }, note));
  }
}

function onActionHover(ev) {
  const b = ev.target.closest && ev.target.closest('button.action');
  if (!b) return;
  const refs = refsIn(b.dataset.action);
  $$('.card.hl').forEach((c) => c.classList.remove('hl'));
  for (const r of refs) $$(`.card[data-ref="${CSS.escape(r)}"]`).forEach((c) => c.classList.add('hl'));
  if (refs.length) showDetail(refs[0]);
}

function renderThinking() {
  const box = $('#thinking');
  if (!box) return;
  const finished = G.state && (G.state.status === 'finished' || (G.state.obs && G.state.obs.terminal));
  const t = finished ? null : G.thinking;
  box.hidden = !t;
  if (t) {
    const obs = G.state && G.state.obs;
    const who = t.title || (obs ? playerName(obs, t.seat) : 'The computer');
    $('#thinking-text').textContent = `${who} is thinking…`;
  }
}

function renderInvite(ctx) {
  const box = $('#invite-box');
  const seats = (G.summary && G.summary.seats) || [];
  const unclaimed = seats.some((s) => s && s.player === 'human' && s.claimed === false);
  const show = G.seat != null && unclaimed && ctx.status !== 'finished';
  box.hidden = !show;
  clearTimeout(G.summaryTimer);
  if (!show) return;
  const input = $('#invite-link');
  if (G.invite) {
    input.value = `${location.origin}${gamePath(G.id)}#invite=${encodeURIComponent(G.invite)}`;
    input.hidden = false;
    $('#invite-copy').hidden = false;
    $('#invite-help').textContent = 'Send them this link:';
  } else {
    input.hidden = true;
    $('#invite-copy').hidden = true;
    $('#invite-help').textContent = 'The invite link is in the browser that created this game.';
  }
  G.summaryTimer = setTimeout(refreshSummary, 4000); // notice the friend joining
}

async function copyInvite() {
  const input = $('#invite-link');
  const button = $('#invite-copy');
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    try { document.execCommand('copy'); } catch { /* leave it selected */ }
  }
  button.textContent = 'Copied!';
  setTimeout(() => { button.textContent = 'Copy'; }, 2000);
}

function winnerText(obs, mySeat, summaryWinner) {
  const winner = obs && obs.winner != null ? obs.winner : summaryWinner;
  if (winner == null) return 'Game over: no winner.';
  const players = (obs && obs.players) || [];
  const names = players.filter((p) => p.side === winner).map((p) => p.name);
  const who = names.length ? names.join(' and ') : `Side ${winner}`;
  const me = players.find((p) => p.seat === mySeat);
  if (me) return me.side === winner ? `You win! (${who})` : `You lose: ${who} won.`;
  return `${who} won.`;
}

function renderGameOver(ctx) {
  const box = $('#game-over');
  const obs = G.state && G.state.obs;
  const over = ctx.status === 'finished' || !!(obs && obs.terminal);
  box.hidden = !over;
  if (over) $('#winner').textContent = winnerText(obs, G.seat, G.summary && G.summary.winner);
}

function appendLog(entries) {
  const box = $('#log');
  if (!box || !Array.isArray(entries)) return;
  const stick = nearBottom(box);
  const obs = G.state && G.state.obs;
  for (const e of entries) {
    if (e == null) continue;
    if (typeof e === 'object' && e.i != null) {
      if (G.seenLog.has(e.i)) continue;
      G.seenLog.add(e.i);
    }
    box.append(logLineEl(typeof e === 'object' ? e.text : e, obs));
  }
  if (stick) box.scrollTop = box.scrollHeight;
}

// A click (or tap) on a card: read it; play it when it is the subject of one action.
function onGameCardClick(card, ev) {
  const ref = card.dataset.ref;
  showDetail(ref);
  const legal = legalOf(G.state);
  const { first, all } = actionsFor(ref, legal);
  if (phoneQuery.matches) {
    openMenu(ref, all, ev, { sheet: true, disabled: G.pending, onPick: sendAction });
    return;
  }
  if (!card.classList.contains('playable') || G.pending || !all.length) return;
  if (first.length === 1) { sendAction(first[0].action); return; }
  openMenu(ref, first.length ? first : all, ev, { onPick: sendAction });
}

/* ==================== Replay screen ==================== */

const R = { id: '', seat: null, step: 0, want: 0, total: null, cache: new Map(), req: 0, summary: null, lastLogLen: 0 };

async function initReplay(id) {
  mountTemplate('tpl-replay');
  R.id = id;
  document.title = `Dejarik · replay ${id}`;
  $('#game-title').textContent = `Replay of game ${id}`;
  $('#replay-download').href = `${apiGame(id)}/replay`;
  $('#replay-download').setAttribute('download', `dejarik-${id}.json`);
  $('#replay-back').href = gamePath(id);
  const stored = readSeat(id);
  R.seat = stored && typeof stored.seat === 'number' ? stored.seat : null;
  page.onCardClick = (card, ev) => {
    showDetail(card.dataset.ref);
    if (phoneQuery.matches) openMenu(card.dataset.ref, [], ev, { sheet: true, onPick: () => {} });
  };
  $('#replay-first').addEventListener('click', () => goStep(0));
  $('#replay-prev').addEventListener('click', () => goStep(R.want - 1));
  $('#replay-next').addEventListener('click', () => goStep(R.want + 1));
  $('#replay-last').addEventListener('click', () => goStep(R.total ?? 0));
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
    if (ev.key === 'ArrowLeft') { ev.preventDefault(); goStep(R.want - 1); }
    else if (ev.key === 'ArrowRight') { ev.preventDefault(); goStep(R.want + 1); }
    else if (ev.key === 'Home') goStep(0);
    else if (ev.key === 'End') goStep(R.total ?? 0);
  });
  renderBoard($('#board'), null, { mySeat: R.seat, seats: [], legal: [], statusText: 'Loading the replay…' });
  api(apiGame(id)).then((s) => { R.summary = s; }).catch(() => {});
  loadCards(id).then(() => R.data && renderReplay(R.data)).catch((e) => showError(`Card details: ${e.message}`));
  const m = location.hash.match(/^#(\d+)$/);
  goStep(m ? Number(m[1]) : 0);
}

async function goStep(n) {
  if (R.total != null) n = Math.max(0, Math.min(n, R.total));
  if (n < 0) n = 0;
  R.want = n; // steps asked for in a row add up before their answers arrive
  const req = ++R.req;
  let data = R.cache.get(n);
  if (!data) {
    try {
      data = await api(`${apiGame(R.id)}/replay/${n}${R.seat != null ? `?seat=${R.seat}` : ''}`);
    } catch (err) {
      if (req !== R.req) return;
      R.want = R.step;
      $('#replay-action').textContent = `Cannot show the replay: ${err.message}`;
      showError(err.message);
      return;
    }
    R.cache.set(n, data);
  }
  if (req !== R.req) return;
  R.step = typeof data.step === 'number' ? data.step : n;
  R.total = typeof data.total === 'number' ? data.total : R.total;
  R.data = data;
  history.replaceState(null, '', `${location.pathname}#${R.step}`);
  renderReplay(data);
}

function renderReplay(data) {
  const obs = data.obs;
  const names = Array.isArray(data.seat_names) ? data.seat_names : [];
  const seats = (R.summary && R.summary.seats) || [];
  const labels = names.map((n, i) => (seats.find((s) => s.seat === i) ? '' : n));
  const ctx = { mySeat: R.seat, seats, labels, legal: [], status: 'replay', statusText: `Replay · step ${R.step}` };
  const board = $('#board');
  board.dataset.seq = String(R.step);
  board.dataset.status = 'replay';
  board.dataset.seat = R.seat != null ? String(R.seat) : 'spectator';
  const restore = captureScroll(board);
  renderBoard(board, obs, ctx);
  restore();
  closeMenu();
  $('#replay-step').textContent = `${R.step} / ${R.total ?? '?'}`;
  $('#replay-first').disabled = $('#replay-prev').disabled = R.step <= 0;
  $('#replay-next').disabled = $('#replay-last').disabled = R.total != null && R.step >= R.total;

  const act = $('#replay-action');
  act.replaceChildren();
  if (data.action) {
    const refs = refsIn(data.action);
    act.append(el('span', {}, el('span', { class: 'muted' }, `Action ${R.step}: `), el('code', {}, data.action),
      refs.length ? el('span', { class: 'muted' }, ` (${refs.map(cardName).join(', ')})`) : null));
  } else {
    act.append(el('span', { class: 'muted' }, R.step === 0 ? 'The start of the game.' : 'No action.'));
  }

  const log = $('#log');
  const lines = (Array.isArray(data.log) ? data.log : []).map((l) => (l && typeof l === 'object' ? l.text : l));
  const stick = nearBottom(log) || lines.length !== R.lastLogLen;
  log.replaceChildren(...lines.map((t) => logLineEl(t, obs)));
  R.lastLogLen = lines.length;
  if (stick) log.scrollTop = log.scrollHeight;
  showDetail(detailRef);
}

/* ==================== Router ==================== */

function route() {
  installCardHandlers();
  const path = location.pathname;
  let m = path.match(/^\/game\/([^/]+)\/replay\/?$/);
  if (m) return initReplay(decodeURIComponent(m[1]));
  m = path.match(/^\/game\/([^/]+)\/?$/);
  if (m) return initGame(decodeURIComponent(m[1]));
  return initHome();
}

route();
