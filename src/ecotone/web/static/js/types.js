// The shapes of what the server sends and takes, for the type checker only (JSDoc
// typedefs: this module has no code, and no page loads it). The source of truth is the
// server's: the websocket's records in src/ecotone/server/protocol.py, the bodies it takes
// in src/ecotone/server/schema.py, and docs/protocol.md for the HTTP answers. Where the
// server says `dict[str, Any]` (an observation, an action, a card's face: their shape is
// the game's own) the type here is `Json`, which a board reads as the game draws it.
// Modules use them with `/** @import { Update } from "./types.js" */`.

/** A JSON object whose fields the game decides (the protocol's `dict[str, Any]`).
 * @typedef {Record<string, any>} Json */

/** A seat's public status (protocol.py `SeatStatus`).
 * @typedef {object} SeatStatus
 * @property {number} seat
 * @property {"human" | "bot"} kind
 * @property {string | null} [bot] the bot's spec ("ismcts:iterations=300")
 * @property {string | null} [name] the person's name, or the bot's in words
 * @property {boolean} [joined]
 * @property {boolean} [connected]
 * @property {boolean} [taken_over]
 * @property {string | null} [account] the account of a person who joined signed in
 * @property {number | null} [rating]
 * @property {boolean} [brings_deck] the seat's person brings the deck on joining */

/** @typedef {"open" | "active" | "over"} MatchStatus */

/** What anyone may know about a match (protocol.py `MatchInfo`).
 * @typedef {object} MatchInfo
 * @property {string} id
 * @property {string} game
 * @property {string} title
 * @property {number} players
 * @property {string | null} variant
 * @property {Json} options
 * @property {MatchStatus} status
 * @property {number} version
 * @property {number[]} to_move
 * @property {SeatStatus[]} seats
 * @property {boolean} joinable
 * @property {number | null} move_seconds
 * @property {number} created_at
 * @property {number} updated_at
 * @property {number[] | null} [scores]
 * @property {number[] | null} [winners]
 * @property {number | null} [resigned]
 * @property {number} [turn]
 * @property {boolean} [dealt]
 * @property {number[] | null} [standing] each seat's score while the match runs (as `Update.standing`) */

/** One legal action (protocol.py `LegalAction`): send `action` back to take it.
 * @typedef {object} LegalAction
 * @property {Json} action
 * @property {string} text its notation
 * @property {number} index
 * @property {string[]} [choose_by] the fields a person picks one at a time, in order
 * @property {string} [notation] the page's: the game's own notation, where `text` names
 *   the cards (match.js) */

/** One applied step as the viewer may see it (protocol.py `LogEntry`).
 * @typedef {object} LogEntry
 * @property {number} version
 * @property {number} seat
 * @property {"human" | "bot" | "takeover"} by
 * @property {string | null} [type]
 * @property {Json | null} [action]
 * @property {string | null} [text]
 * @property {number} at
 * @property {string | null} [kind] a hidden step's kind in the game's words ("a route chosen")
 * @property {LogEntry | null} [took_back] a take-back: the step it took back
 * @property {string | null} [notation] the page's: the game's own notation (match.js) */

/** One line of table talk (protocol.py `ChatLine`).
 * @typedef {object} ChatLine
 * @property {number} id
 * @property {number} seat
 * @property {string | null} name
 * @property {string} text
 * @property {number} at */

/** One term of a seat's final score (protocol.py `ScoreLine`).
 * @typedef {{name: string, points: number}} ScoreLine */

/** Whether the viewer's seat may take back its last decision (protocol.py `UndoVerdict`).
 * @typedef {object} UndoVerdict
 * @property {boolean} allowed
 * @property {string | null} [code]
 * @property {string | null} [message]
 * @property {number[]} [ask] the seats whose people must accept */

/** A request to take back a decision, waiting for answers (protocol.py `UndoOffer`).
 * @typedef {object} UndoOffer
 * @property {number} seat
 * @property {number} version
 * @property {LogEntry} step
 * @property {number[]} waiting
 * @property {number[]} accepted
 * @property {number} deadline */

/** The session is open (protocol.py `Welcome`).
 * @typedef {object} Welcome
 * @property {"welcome"} type
 * @property {number} protocol
 * @property {number | null} seat null for a spectator
 * @property {MatchInfo} match
 * @property {ChatLine[]} chat */

/** The viewer's view of the match at `version` (protocol.py `Update`; also the HTTP view).
 * @typedef {object} Update
 * @property {"update"} [type]
 * @property {number} version
 * @property {MatchStatus} status
 * @property {number | null} seat
 * @property {number[]} to_move
 * @property {number[]} waiting_for
 * @property {number[]} chosen
 * @property {Json | null} my_choice
 * @property {Json} observation exactly `state.observe(seat)`
 * @property {LegalAction[]} legal
 * @property {LogEntry[]} log
 * @property {number | null} deadline
 * @property {number} now
 * @property {number[] | null} [scores]
 * @property {number[] | null} [winners]
 * @property {number | null} [resigned]
 * @property {Record<string, string>} [unplayable]
 * @property {number} [turn]
 * @property {string | null} [phase]
 * @property {ScoreLine[][] | null} [breakdown]
 * @property {string | null} [ending] why the game ended and what its result means, in the game's words (seats as "P1")
 * @property {string[] | null} [recent] the game's last public happenings, newest last (seats as "P1")
 * @property {number[] | null} [standing] each seat's score while the match runs, the same for every viewer (null: the game keeps it secret)
 * @property {UndoVerdict | null} [undo]
 * @property {UndoOffer | null} [undo_offer]
 * @property {boolean} [dealt] */

/** Your action is stored (protocol.py `Ack`).
 * @typedef {{type: "ack", ref: string | null, version: number, pending: boolean}} Ack */

/** A refusal of something sent over the websocket (protocol.py `Error`).
 * @typedef {{type: "error", code: string, message: string, ref?: string | null, version?: number | null}} Refusal */

/** A table-talk line, as broadcast (protocol.py `ChatMessage`).
 * @typedef {{type: "chat", line: ChatLine}} ChatMessage */

/** Something happened to a seat or to the match (protocol.py `Notice`).
 * @typedef {{type: "notice", code: string, message: string, seat?: number | null}} Notice */

/** The seats' public status changed (protocol.py `Seats`).
 * @typedef {{type: "seats", seats: SeatStatus[]}} Seats */

/** The answer to `ping` (protocol.py `Pong`).
 * @typedef {{type: "pong", ref?: string | null}} Pong */

/** Any message the server sends over the websocket.
 * @typedef {Welcome | (Update & {type: "update"}) | Ack | Refusal | ChatMessage | Notice | Seats | Pong} ServerMessage */

// -- the match page and its boards (match.js, boards/) -------------------------------------

/** What the match page hands a board to draw (a board is `(props) => element`, drawing
 * `#board`).
 * @typedef {object} BoardProps
 * @property {Json} obs the viewer's observation (a replay's frame: every hand revealed)
 * @property {LegalAction[]} legal the viewer's choices now (none in a replay)
 * @property {number | null} seat the viewer's seat, null for a spectator
 * @property {number} players
 * @property {Catalogue} catalogue
 * @property {GlossaryTerm[]} glossary
 * @property {Record<string, string>} unplayable the game's reasons, by hand card
 * @property {(action: Json) => unknown} act takes a legal action's `action`
 * @property {boolean} busy an action is on its way: the board offers nothing
 * @property {(seat: number) => string} names who sits at a seat, in words
 * @property {(text: string) => string} words the game's own words (a line of its log) with
 *   each seat's label ("P2") as who sits there, as the page says them (match.js `seatWords`)
 * @property {number[]} toMove
 * @property {Array<{seat: number, action: Json}>} recent the steps just played, to mark
 *   where they happened (the others' since the viewer's last step: match.js `recent`)
 * @property {() => void} redraw draws the page again now, as the board's own choices
 *   (a card picked, a menu opened) changed: the board is built anew from these props and
 *   the page on screen patched to match it, so a listener reads its element from its
 *   event, never from a variable that held it when built (morph.js) */

/** @typedef {(props: BoardProps) => HTMLElement} Board */

/** One state of a finished match's replay, every hand revealed (`GET
 * /matches/{id}/frames`, src/ecotone/web/catalog.py).
 * @typedef {object} Frame
 * @property {number} version
 * @property {number[]} to_move
 * @property {Json} observation seen from the chair asked for, every seat's own view inside
 * @property {Json[]} secrets per seat, what only it could see
 * @property {string} text the text picture
 * @property {number[]} scores
 * @property {{seat: number, action: Json} | null} last the step that led here
 * @property {string | null} last_text
 * @property {{seat: number, action: Json} | null} next the step taken from here
 * @property {string | null} next_text */

// -- the HTTP answers (docs/protocol.md) -----------------------------------------------------

/** A refusal over HTTP, as `api()` throws it: the server's words and its stable code.
 * @typedef {Error & {code: string}} ApiError */

/** A new match, as `POST /matches` takes it (schema.py `CreateMatch`, `SeatSpec`,
 * `JoinRequest`).
 * @typedef {object} CreateMatch
 * @property {string} game
 * @property {number} players
 * @property {string} [variant]
 * @property {Record<string, unknown>} [options]
 * @property {Array<{kind: "human" | "bot", bot?: string, brings_deck?: boolean}>} [seats]
 * @property {number} [move_seconds]
 * @property {{seat?: number, name?: string}} [join] */

/** `POST /matches/{id}/join`: the seat taken and its token.
 * @typedef {{match: MatchInfo, seat: number, token: string}} Joined */

/** `POST /matches`: the match, and the creator's seat and token when it joined (`join`).
 * @typedef {{match: MatchInfo, seat: number | null, token: string | null}} Created */

/** A term of the game's glossary (`ecotone.core.presentation`).
 * @typedef {{term: string, meaning: string}} GlossaryTerm */

/** How a game presents itself (`Presentation.to_json`).
 * @typedef {object} Presentation
 * @property {string} board the board that draws it ("text": its text picture)
 * @property {string} picture an emoji
 * @property {string[]} colours
 * @property {string[]} panels
 * @property {GlossaryTerm[]} glossary */

/** One of a game's options, with the words a player reads (`Option.to_json`).
 * @typedef {object} GameOption
 * @property {string} name
 * @property {string} label
 * @property {string} summary
 * @property {any} default
 * @property {any[]} choices
 * @property {string[]} choice_labels
 * @property {boolean} files the option may name decks
 * @property {string[]} ready the ready-made values of such an option */

/** One of a game's variants, with its own player range and option defaults.
 * @typedef {object} Variant
 * @property {string} name
 * @property {string} summary
 * @property {number} min_players
 * @property {number} max_players
 * @property {Json} defaults */

/** A game as `GET /games` lists it.
 * @typedef {object} GameInfo
 * @property {string} id
 * @property {string} title
 * @property {string} summary
 * @property {number} min_players
 * @property {number} max_players
 * @property {string} information
 * @property {boolean} simultaneous
 * @property {Variant[]} variants
 * @property {GameOption[]} options
 * @property {string[]} bots
 * @property {ShippedPolicy[]} [policies]
 * @property {Presentation} presentation */

/** A trained policy that comes with Ecotone (`ecotone.bots.models`): its bot spec, its
 * name, the title and summary a player reads, and the one configuration it plays.
 * @typedef {{bot: string, name: string, title: string, summary: string, players: number, variant: string | null}} ShippedPolicy */

/** A card or component face of the catalogue: its fields are the game's.
 * @typedef {Json} Face */

/** A game's catalogue (`GET /games/{id}/catalog`): faces by group, then by id.
 * @typedef {Record<string, Record<string, Face>>} Catalogue */

// -- decks (docs/decks.md) -----------------------------------------------------------------

/** A deck as a client holds it (schema.py `DeckIn`; `updated`: when it was saved).
 * @typedef {{name: string, summary: string, cards: Record<string, number>, updated?: number}} Deck */

/** A facet of the card pool (`Facet.to_json`).
 * @typedef {{key: string, label: string, numeric: boolean, chart: boolean}} Facet */

/** A card a deck may hold (`PoolCard.to_json`).
 * @typedef {{id: string, name: string, max_copies: number, facets: Record<string, string[]>}} PoolCard */

/** A deck that ships with the game.
 * @typedef {object} BuiltInDeck
 * @property {string} key the name a deck option uses for it
 * @property {string} name
 * @property {string} summary
 * @property {string} strategy
 * @property {string} provenance
 * @property {number} size
 * @property {string} code */

/** A game's deck building (`GET /games/{id}/decks`, `Deckbuilding.to_json`).
 * @typedef {object} DeckInfo
 * @property {string} game
 * @property {string} tag
 * @property {[number, number]} size
 * @property {Facet[]} facets
 * @property {string[]} rules
 * @property {PoolCard[]} pool
 * @property {BuiltInDeck[]} builtins
 * @property {{variant: string | null, options: string[], defaults: string[]}} seats */

/** The engine's verdict on a deck (`POST /games/{id}/decks/check`).
 * @typedef {object} DeckVerdict
 * @property {Deck} deck
 * @property {number} size
 * @property {boolean} legal
 * @property {Array<{code: string, message: string, cards: string[]}>} problems
 * @property {string} code
 * @property {string} file */

// -- accounts ------------------------------------------------------------------------------

/** @typedef {{name: string, guest: boolean, created_at: number}} Account */

/** `POST /accounts`, `/accounts/login`, `/accounts/guest`.
 * @typedef {{account: Account, token: string}} SignedIn */

/** A player's profile (`GET /players/{name}`, `/accounts/me`).
 * @typedef {object} Profile
 * @property {Account} account
 * @property {Array<{game: string, rating: number, mu: number, sigma: number, matches: number}>} ratings
 * @property {Array<{id: string, game: string, players: number, status: MatchStatus, seat: number,
 *   place: number | null, won: boolean | null, rating_after: number | null, updated_at: number,
 *   replay: string | null}>} matches */

export {};
