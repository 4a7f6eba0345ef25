"""What each game's RL kit builds on: the kit's protocol (`kit`) and the observation vectors' parts
(`vector`)."""
