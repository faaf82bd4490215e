"""score_lines.py: a 'paifu score --batch' line in the notation (the hand and its options) as
the JSON-lines object that says the same (score_batch_test.py, bench/bench_score_batch.sh)."""
import json


def as_json_line(line):
    """LINE (the notation and its options) as a JSON-lines object: "hand" and the options by
    name; tiles of --dora/--ura as a list of strings when they have commas, flags true."""
    obj, hand, toks = {}, [], line.split()
    i = 0
    while i < len(toks):
        t = toks[i]
        if not t.startswith("--"):
            hand.append(t)
        else:
            name, _, val = t[2:].partition("=")
            if name in ("round", "seat", "dora", "ura", "honba", "kita"):
                if not val:
                    i += 1
                    val = toks[i]
                if name in ("honba", "kita"):
                    obj[name] = int(val)
                elif name in ("dora", "ura"):
                    obj[name] = val.split(",") if "," in val else val
                else:
                    obj[name] = val
            else:
                obj[name] = True
        i += 1
    obj["hand"] = " ".join(hand)
    return json.dumps(obj)
