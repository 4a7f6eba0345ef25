"""One RL kit per game (`troef.rl.kit.RLKit`): its observation's own blocks, action index, reward
scale and OpenSpiel facts; `troef.rl.kits` registers them."""
