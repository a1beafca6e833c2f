"""Self-play: one network decides for every seat of a PettingZoo game and learns from the
games it plays against itself (REINFORCE with a baseline, on MaskablePPO's policy). Needs
the train extra (scripts/bootstrap dev train; see docs/rl.md). Saves selfplay.zip, which the
policy bot plays: ecotone tournament once-upon-a-forest --bots policy:path=selfplay.zip,random"""

import sys

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import ecotone.rl

GAME, PLAYERS = "once-upon-a-forest", 2
if len(sys.argv) not in (1, 3):  # [ROUNDS GAMES]: both or neither
    sys.exit("usage: python examples/self_play.py [ROUNDS GAMES]")
ROUNDS, GAMES = (int(n) for n in sys.argv[1:]) if len(sys.argv) == 3 else (20, 16)

# MaskablePPO builds the network for the Gymnasium form's spaces (the same tensor and
# actions as the AEC form's) and saves it so that the policy bot can load it; its seed
# seeds torch, whose generator samples the moves.
model = MaskablePPO("MlpPolicy", gymnasium.make(ecotone.rl.env_id(GAME), players=PLAYERS), seed=0)
policy = model.policy
env = ecotone.rl.env(GAME, players=PLAYERS)

for round_ in range(ROUNDS):
    seen, masks, actions, returns = [], [], [], []
    for game in range(GAMES):
        env.reset(seed=round_ * GAMES + game)
        moves = {agent: [] for agent in env.agents}  # each seat's decisions this game
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:  # the game is over for this seat: its reward
                for tensor, mask, action in moves[agent]:
                    seen.append(tensor)
                    masks.append(mask)
                    actions.append(action)
                    returns.append(reward)
                env.step(None)
                continue
            tensor, mask = observation["observation"], observation["action_mask"]
            with torch.no_grad():  # the same network for every seat
                dist = policy.get_distribution(
                    torch.as_tensor(tensor[None]), action_masks=mask[None]
                )
            action = int(dist.sample()[0])
            moves[agent].append((tensor, mask, action))
            env.step(action)
    values, log_prob, _ = policy.evaluate_actions(
        torch.as_tensor(np.array(seen)),
        torch.as_tensor(actions),
        action_masks=torch.as_tensor(np.array(masks)),
    )
    target = torch.as_tensor(returns, dtype=torch.float32)
    advantage = target - values.flatten().detach()  # the value head as the baseline
    loss = -(advantage * log_prob).mean() + 0.5 * ((values.flatten() - target) ** 2).mean()
    policy.optimizer.zero_grad()
    loss.backward()
    policy.optimizer.step()
    print(f"round {round_}: {len(actions)} decisions, loss {loss.item():.3f}")

model.save("selfplay.zip")
