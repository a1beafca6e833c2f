"""Random agents in Ecotone's RL environments: PettingZoo AEC, PettingZoo parallel and
Gymnasium. Needs the rl extra: pip install 'ecotone[rl]'."""

import gymnasium
import numpy as np

import ecotone.rl

rng = np.random.default_rng(0)

# PettingZoo AEC: one seat decides at a time; the mask says which actions are legal.
env = ecotone.rl.env("once-upon-a-forest", players=3, render_mode="ansi")
env.reset(seed=42)
for agent in env.agent_iter():
    observation, reward, terminated, truncated, info = env.last()
    if terminated or truncated:
        print(agent, "final reward", reward)
        action = None
    else:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
    env.step(action)
print(env.render())

# PettingZoo parallel: every seat asked decides in the same step (sealed choices).
par = ecotone.rl.parallel_env("singapore-untamed", players=4)
observations, infos = par.reset(seed=7)
while par.agents:
    actions = {}
    for agent, obs in observations.items():
        legal = np.flatnonzero(obs["action_mask"])
        actions[agent] = int(rng.choice(legal)) if len(legal) else 0  # not asked: ignored
    observations, rewards, terminations, truncations, infos = par.step(actions)
print("parallel rewards", rewards)

# Gymnasium: one learning seat against the game's heuristic bot.
gym = gymnasium.make("ecotone/phylo-v0", players=2, opponents="heuristic", reward="margin")
observation, info = gym.reset(seed=1)
done = False
while not done:
    action = int(rng.choice(np.flatnonzero(info["action_mask"])))
    observation, reward, terminated, truncated, info = gym.step(action)
    done = terminated or truncated
print("gymnasium: final margin", reward, "scores", info["scores"])
