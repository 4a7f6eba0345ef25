// The shapes of the server's JSON as the browser client reads it: JSDoc types for `tsc --checkJs` (see
// tsconfig.json at the repository's root). Nothing here runs, and no page loads this module: the others
// name its types as import("./types.js").Name. Each type lists only the fields the client reads; the
// server's own definitions are present/model.py (the model), web/frames.py (the frames, the table info),
// web/reads.py (the replay, the lobby's list), web/app.py (the games, the session) and web/table.py (the
// answers).

// ------------------------------------------------------------------ the model (present/model.py)

/**
 * One piece of a line: words, a card (`code` like "AS", "??" face down) or a suit (`code` like "S").
 * @typedef {object} Part
 * @property {"text"|"card"|"suit"} kind
 * @property {string} text
 * @property {string} code
 * @property {string} name
 */

/**
 * @typedef {object} Line
 * @property {Part[]} parts
 * @property {boolean} bold
 * @property {boolean} [stand_in]
 */

/**
 * A seat as the viewer sees it; seats.js makes some from the table info before a round is dealt (without
 * `badges` and `total`).
 * @typedef {object} Seat
 * @property {number} seat
 * @property {string} label
 * @property {boolean} you
 * @property {boolean} dealer
 * @property {boolean} in_play
 * @property {boolean} to_act
 * @property {number} cards
 * @property {string[]} [badges]
 * @property {number|null} [total]
 */

/**
 * @typedef {object} ScoreRow
 * @property {number} seat
 * @property {string} label
 * @property {string|null} bid
 * @property {string|null} taken
 * @property {number} points
 * @property {number} total
 */

/**
 * @typedef {object} Played
 * @property {number} seat
 * @property {Part} card
 */

/**
 * @typedef {object} Trick
 * @property {number} leader
 * @property {Played[]} cards
 * @property {number|null} winner
 * @property {Line} line
 */

/**
 * @typedef {object} HandGroup
 * @property {Part[]} cards
 */

/**
 * @typedef {object} Hand
 * @property {HandGroup[]} groups
 * @property {boolean} numbered
 */

/**
 * @typedef {object} Choice
 * @property {string} action
 * @property {Part[]} parts
 */

/**
 * Legal actions of one kind (the first `listed` shown).
 * @typedef {object} Group
 * @property {string|null} heading
 * @property {string} label
 * @property {boolean} row
 * @property {Choice[]} actions
 * @property {number} listed
 * @property {boolean} numbered
 * @property {string|null} more
 */

/**
 * The table as one seat sees it (present/model.py's Table).
 * @typedef {object} TableModel
 * @property {string} phase
 * @property {Seat[]} seats
 * @property {Line|null} contract
 * @property {Line|null} auction
 * @property {Line[]} lines
 * @property {string} about
 * @property {boolean} tricks
 * @property {Trick|null} trick
 * @property {Trick|null} last_trick
 * @property {Hand} hand
 * @property {Group[]} actions
 * @property {string} prompt
 * @property {"choice"|"points"|"discard"|"draw"|"cards"} entry
 */

/**
 * @typedef {object} Column
 * @property {string} label
 * @property {string} short
 * @property {string} footer
 */

/**
 * The score sheet as the model shows it: a row per round, of cells of lines.
 * @typedef {object} Sheet
 * @property {string} caption
 * @property {Column[]} columns
 * @property {Line[][][]} rows
 * @property {boolean} footer
 * @property {number} facts
 */

/**
 * A state frame's `model` (web/frames.py's Model).
 * @typedef {object} Model
 * @property {string} title
 * @property {TableModel|null} table
 * @property {Line[]} log
 * @property {Line[]|null} result
 * @property {ScoreRow[]|null} scores
 * @property {Sheet} sheet
 * @property {Line[]|null} standings
 */

// ------------------------------------------------------------------ the table info (web/frames.py)

/**
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"human"|"bot"|"open"} kind
 * @property {string|null} name
 * @property {string|null} bot
 * @property {boolean} connected
 * @property {boolean} stand_in
 */

/**
 * @typedef {object} RoundInfo
 * @property {number} index
 * @property {boolean} dealt
 * @property {number[]} ready
 */

/**
 * @typedef {object} Timer
 * @property {"deal"|"stand-in"} timer
 * @property {number|null} seat
 * @property {number} at
 */

/**
 * The match's sheet so far (the finished rounds).
 * @typedef {object} MatchSheet
 * @property {{index: number}[]} rounds
 */

/**
 * A preset's name, or the preset with house rules.
 * @typedef {string | ({preset: string} & Record<string, unknown>)} Rules
 */

/**
 * The public table info (`GET /api/tables/{id}`, every state frame's `table`).
 * @typedef {object} TableInfo
 * @property {string} game
 * @property {Rules} rules
 * @property {number} players
 * @property {number} rounds
 * @property {SeatInfo[]} seats
 * @property {"waiting"|"playing"|"over"} status
 * @property {MatchSheet} sheet
 * @property {RoundInfo|null} round
 * @property {Timer[]} timers
 * @property {number[]} paused
 * @property {boolean} hints
 * @property {boolean} expired
 * @property {{table: string}} [rematch]
 * @property {TableEvent} [event]
 */

/**
 * The event a table plays for (a table of a club event's session): the way back to the event's page.
 * @typedef {object} TableEvent
 * @property {string} event
 * @property {string} name
 * @property {number} session
 */

// ------------------------------------------------------------------ the frames (web/frames.py)

/**
 * @typedef {object} StateFrame
 * @property {"state"} type
 * @property {number} version
 * @property {number|null} seat
 * @property {TableInfo} table
 * @property {Record<string, unknown>|null} view
 * @property {string[]} legal_actions
 * @property {MatchSheet} sheet
 * @property {"free"|"presets"|"read"} talk
 * @property {Model} [model]
 * @property {number} [now]
 */

/**
 * @typedef {object} ErrorFrame
 * @property {"error"} type
 * @property {string} code
 * @property {string} message
 */

/**
 * @typedef {object} ChatFrame
 * @property {"chat"} type
 * @property {number} seat
 * @property {string|null} name
 * @property {string|null} text
 * @property {string|null} preset
 */

/**
 * @typedef {object} ChatLogFrame
 * @property {"chat-log"} type
 * @property {ChatFrame[]} messages
 */

/**
 * @typedef {object} HintFrame
 * @property {"hint"} type
 * @property {number} version
 * @property {string} action
 */

/** @typedef {ChatFrame|ChatLogFrame|HintFrame} OtherFrame */
/** @typedef {StateFrame|ErrorFrame|OtherFrame} ServerFrame */

// ------------------------------------------------------------------ the HTTP answers

/**
 * @typedef {object} Preset
 * @property {string} name
 * @property {string} label
 * @property {string} description
 */

/**
 * A house rule (web/app.py's games_catalog): `choices` and their `choice_labels` where it has them.
 * @typedef {object} Option
 * @property {string} name
 * @property {string} label
 * @property {"bool"|"int"|"float"|"str"} type
 * @property {string|number|boolean} default
 * @property {string} description
 * @property {string[]} [choices]
 * @property {Record<string, string>} [choice_labels]
 * @property {number} [minimum]
 * @property {number} [maximum]
 */

/**
 * A game of `GET /api/games?lang=`.
 * @typedef {object} Game
 * @property {string} name
 * @property {string} title
 * @property {{min: number, max: number, default: number}} players
 * @property {number} rounds
 * @property {Preset[]} presets
 * @property {Option[]} options
 * @property {string[]} bots
 */

/** @typedef {{games: Game[]}} GamesAnswer */

/**
 * A table in the lobby's list (`GET /api/tables`).
 * @typedef {object} Listing
 * @property {string} id
 * @property {string} game
 * @property {Rules} rules
 * @property {"waiting"|"playing"|"over"} status
 * @property {SeatInfo[]} seats
 * @property {number} open
 * @property {string} [invite]
 * @property {string} [watch]
 */

/** @typedef {{tables?: Listing[]}} TablesAnswer */

/**
 * A seat taken: `POST /api/tables` and a first rematch answer the table, its invite and a token per
 * human seat; a join, and a later rematch, the one seat's token.
 * @typedef {object} Seated
 * @property {string} table
 * @property {string} [invite]
 * @property {{token: string}[]} [seats]
 * @property {string} [token]
 */

/**
 * The account signed in (`GET /api/session`), and the answer of a sign-up (`POST /api/accounts`) and a
 * sign-in (`POST /api/session`): its name as it was signed up.
 * @typedef {object} Session
 * @property {string} name
 */

// ------------------------------------------------------------------ clubs, events and players (clubs.md)

/**
 * A club's saved preset: a name of the club's own for a game's rules.
 * @typedef {object} ClubPreset
 * @property {string} name
 * @property {string} game
 * @property {Rules} rules
 */

/**
 * One of the player's clubs (`GET /api/clubs`).
 * @typedef {object} ClubEntry
 * @property {string} club
 * @property {string} name
 * @property {"admin"|"member"} role
 * @property {ClubPreset[]} presets
 */

/** @typedef {{clubs: ClubEntry[]}} ClubsAnswer */

/**
 * A club as its members see it (`GET /api/clubs/{club}`); `invite` for its admins only.
 * @typedef {object} Club
 * @property {string} club
 * @property {string} name
 * @property {"admin"|"member"} role
 * @property {string} [invite]
 * @property {{name: string, role: "admin"|"member"}[]} members
 * @property {ClubPreset[]} presets
 * @property {{event: string, name: string, status: EventStatus}[]} events
 * @property {Season} [season]
 */

/** @typedef {"registered"|"playing"|"over"} EventStatus */

/**
 * A club's season: the standings over its events, each player's `best` events counted (null: all), ranked
 * with `at_least` events.
 * @typedef {object} Season
 * @property {number|null} best
 * @property {number} at_least
 * @property {{rank: number, name: string, score: number, events: number}[]} standings
 */

/**
 * A seat of an event's table: a player's or a bot's.
 * @typedef {object} EventSeat
 * @property {number} seat
 * @property {string} [name]
 * @property {string} [bot]
 */

/**
 * @typedef {object} EventSession
 * @property {number} session
 * @property {"playing"|"over"} status
 * @property {{table: string, seats: EventSeat[], over?: boolean}[]} tables
 */

/**
 * A player's row of an event's standings (`matchpoints` in a duplicate event only).
 * @typedef {object} Standing
 * @property {number} rank
 * @property {string} name
 * @property {number} points
 * @property {number} [matchpoints]
 * @property {number} rounds
 */

/**
 * An event (`GET /api/events/{event}`).
 * @typedef {object} EventInfo
 * @property {string} event
 * @property {string} name
 * @property {string} club
 * @property {string} club_name
 * @property {string} game
 * @property {Rules} rules
 * @property {"draw"|"duplicate"} format
 * @property {EventStatus} status
 * @property {number} sessions_planned
 * @property {number} rounds
 * @property {"admin"|"member"} role
 * @property {string|null} you
 * @property {{name: string, active: boolean}[]} players
 * @property {EventSession[]} sessions
 * @property {Standing[]} standings
 * @property {number} [created]
 * @property {number} [finished]
 */

/**
 * The seat of the player asking in the session in play (`GET /api/events/{event}/seat`).
 * @typedef {object} EventSeatAnswer
 * @property {number} session
 * @property {string} table
 * @property {number} seat
 * @property {string} token
 */

/**
 * A rating: `rating` is mu - 3 sigma.
 * @typedef {object} Rating
 * @property {number} mu
 * @property {number} sigma
 * @property {number} rating
 * @property {number} [matches]
 */

/**
 * A player's contracts of one kind (Rikken's, say): how often bid, and made.
 * @typedef {object} KindStats
 * @property {string} kind
 * @property {string} label
 * @property {number} bid
 * @property {number} made
 */

/**
 * @typedef {object} GameStats
 * @property {number} tables
 * @property {number} rounds
 * @property {number} points
 * @property {number} points_per_round
 * @property {KindStats[]} [kinds]
 */

/**
 * A player (`GET /api/players/{name}`).
 * @typedef {object} PlayerAnswer
 * @property {string} name
 * @property {Record<string, Rating>} ratings
 * @property {{event: string, name: string, rank: number|null}[]} events
 * @property {({game: string, at: number, event: string|null, table: string} & Rating)[]} [history]
 * @property {Record<string, GameStats>} [stats]
 */

/**
 * @typedef {object} ReplayStep
 * @property {number|null} seat
 * @property {Line[]} lines
 * @property {TableModel} table
 * @property {Hand[]} hands
 */

/**
 * A finished round step by step (`GET /api/tables/{id}/rounds/{k}`).
 * @typedef {object} Replay
 * @property {string} title
 * @property {{ok: boolean, message: string}} verify
 * @property {ReplayStep[]} steps
 * @property {Line[]} result
 * @property {ScoreRow[]} scores
 */

/**
 * A marked decision of an analysed round: the step of the replay that shows it, the action taken and the
 * best one as the table lists them, the points it lost and its mark.
 * @typedef {object} Moment
 * @property {number} step
 * @property {number} seat
 * @property {string} label
 * @property {Choice} action
 * @property {Choice} best
 * @property {number} loss
 * @property {"inaccuracy"|"mistake"|"blunder"} mark
 * @property {boolean} costliest
 */

/**
 * A finished round's analysis (`GET /api/tables/{id}/rounds/{k}/analysis`).
 * @typedef {object} RoundAnalysis
 * @property {number} round
 * @property {{seat: number, label: string, marks: Record<string, number>, lost: number}[]} seats
 * @property {Moment[]} moments
 */

export {};
