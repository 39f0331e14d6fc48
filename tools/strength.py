#!/usr/bin/env python3
"""The search player's strength table (docs/bots.md): seat 1 played by `search` at two
budgets, against random seats and against the game's sharp bot, beside the baselines
(random and sharp in seat 1 against the same seats); a heist's whole crew played by each.
Every figure is `posse sim --json` on fixed seeds; the rate is seat 1's wins (alone or
shared: a team's or a crew's win counts) with its 95% Wilson interval.

    tools/strength.py [POSSE] [GAMES] [OUT.jsonl] [FILTER]

runs the cells OUT lacks (of the games whose id contains FILTER), appending each to OUT,
then prints the table of what OUT holds.
"""
import json, math, os, subprocess, sys

POSSE = sys.argv[1] if len(sys.argv) > 1 else "target/release/posse"
N = int(sys.argv[2]) if len(sys.argv) > 2 else 30
OUT = sys.argv[3] if len(sys.argv) > 3 else "target/strength.jsonl"
FILTER = sys.argv[4] if len(sys.argv) > 4 else ""
BUDGETS = [5, 20]
BASELINE_GAMES = 400
GAMES = ["dice_town", "desperados", "marshals", "goldfever/high_noon", "goldfever/claim_jumpers",
         "goldfever/jailbreak", "goldfever/bank_job"]
HEISTS = ["american_desperado/tiny", "american_desperado/small"]
# Games of the search at 5 playouts against random seats where 30 left the question open.
MORE = {"dice_town": 100, "desperados": 100, "marshals": 100, "goldfever/bank_job": 100}


def players(game):
    out = subprocess.run([POSSE, "sim", game, "-n", "1", "--json"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["players"]


def wilson(k, n):
    if n == 0:
        return (0.0, 0.0, 0.0)
    z, p = 1.959964, k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (p, max(0.0, c - h), min(1.0, c + h))


def run(key, game, n, bots):
    args = [POSSE, "sim", game, "-n", str(n), "--json", "--jobs", os.environ.get("JOBS", "1")]
    for b in bots:
        args += ["--bot", b]
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: {out.stderr}")
    v = json.loads(out.stdout)
    wins = v["wins_per_seat"].get("1", 0)
    return {"key": key, "game": game, "bots": bots, "games": v["finished"], "failed": v["failed"],
            "wins": wins, "seconds": v["seconds"]}


def cells():
    for game in GAMES:
        if FILTER not in game:
            continue
        p = players(game)
        rest = lambda bot: [f"{s}={bot}" for s in range(2, p + 1)]
        for opp in ["random", "sharp"]:
            others = rest(opp) if opp == "sharp" else []
            yield (f"{game}|{opp}|random", game, BASELINE_GAMES, others)
            yield (f"{game}|{opp}|sharp", game, BASELINE_GAMES // 2, ["1=sharp"] + others)
            for k in BUDGETS:
                n = MORE.get(game, N) if (opp, k) == ("random", BUDGETS[0]) else N
                yield (f"{game}|{opp}|search{k}", game, n, [f"1=search:iterations={k}"] + others)
    for game in HEISTS:
        yield (f"{game}|crew|random", game, BASELINE_GAMES, [])
        yield (f"{game}|crew|sharp", game, BASELINE_GAMES // 2, ["all=sharp"])
        for k in BUDGETS:
            yield (f"{game}|crew|search{k}", game, N, [f"all=search:iterations={k}"])


def main():
    done = {}
    if os.path.exists(OUT):
        for line in open(OUT):
            r = json.loads(line)
            done[r["key"]] = r
    for key, game, n, bots in cells():
        if key in done or FILTER not in game:
            continue
        r = run(key, game, n, bots)
        done[key] = r
        with open(OUT, "a") as f:
            f.write(json.dumps(r) + "\n")
        print(f"{key}: {r['wins']}/{r['games']} in {r['seconds']:.0f}s", file=sys.stderr, flush=True)
    fmt = lambda r: "{:.1f}% ({:.1f}–{:.1f})".format(*[100 * x for x in wilson(r["wins"], r["games"])])
    print("| game | seat 1 against | random | sharp | " + " | ".join(f"search {k}" for k in BUDGETS) + " | games (search) |")
    print("|---|---|---|---|" + "---|" * len(BUDGETS) + "---|")
    for game in GAMES + HEISTS:
        for opp in (["crew"] if game in HEISTS else ["random", "sharp"]):
            row = [done.get(f"{game}|{opp}|{b}") for b in ["random", "sharp"] + [f"search{k}" for k in BUDGETS]]
            if None in row:
                continue
            against = "(the whole crew)" if opp == "crew" else f"{opp} seats"
            counts = sorted({r["games"] for r in row[2:]})
            print(f"| {game} | {against} | " + " | ".join(fmt(r) for r in row) + f" | {' / '.join(map(str, counts))} |")


main()
