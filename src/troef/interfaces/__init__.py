"""The interfaces over the engine: the command line (`cli`), the table server and its browser client
(`web`), and the reinforcement-learning adapters (`rl`). Nothing below them imports them."""
