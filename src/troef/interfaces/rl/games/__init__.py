"""One RL kit per game (`troef.interfaces.rl.shared.kit.RLKit`): its observation's own blocks, action index,
reward scale and OpenSpiel facts; `troef.interfaces.rl.kits` registers them."""
