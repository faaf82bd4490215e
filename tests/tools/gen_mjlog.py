#!/usr/bin/env python3
"""gen_mjlog.py: write a synthetic, fully valid Tenhou mjlog of our own (Python 3 stdlib only).

Tenhou logs are (c) C-EGG and may not be copied into paifu, so samples/synthetic-tenhou.mjlog is
made by this script instead. Everything follows shared/formats/tenhou-xml.md ("spec"):

  * a generation-C seed: 624 words from a fixed random.Random, base64 of their little-endian
    bytes (spec 4.2 step 1);
  * every deal's wall built from it exactly as spec 4.2 says (MT19937 init_by_array, 288
    outputs per deal hashed with SHA-512 in nine 128-byte blocks, Fisher-Yates, r[k] = w[N-1-k]);
    MT19937 is implemented below from the published algorithm, SHA-512 is hashlib's;
  * INIT hands in dealing order, dice from rnd[135] and rnd[136], dora indicator r[130];
  * scripted play: each player draws from the live wall in turn and discards a tile that keeps
    the hand's shanten lowest (the drawn tile when it is as good); nobody calls or wins; a
    player whose hand is tenpai after a discard declares riichi when Tenhou allows it (closed
    hand, at least 1000 points, at least 4 live tiles left, riichi-rulesets.md D) and then
    discards every drawn tile;
  * exhaustive draws (spec 4.13): the tenpai hands are shown sorted; 3000 noten payments split
    between the tenpai and the noten players; riichi sticks stay on the table; honba + 1; the
    dealer keeps the deal when tenpai;
  * an East-only game (GO type 1: ippan, East, red fives, open tanyao) ending after East 4 with
    final points (leftover sticks to the first place, ties by seat order) and results
    (points - 30000) / 1000 + uma (+10 / -10 / -20, the first place takes minus the sum of the
    others), written with one decimal (spec 6).

To stay clear of rules whose details the spec leaves open, seeds whose play would need them are
skipped: a West extension, the all-last dealer being tenpai (tenpai-yame), a hand waiting only
on a tile it holds four of (karaten), four riichi, four identical winds in the first go-around,
or a score below zero. The first seed that needs none of these is used; the script is
deterministic and prints which attempt it took.

usage: gen_mjlog.py [OUTPUT]   (default: samples/synthetic-tenhou.mjlog next to this repo)
"""

import base64
import hashlib
import os
import random
import struct
import sys

# ---- MT19937 (Matsumoto & Nishimura 1998; mt19937ar seeding) ----


class MT19937:
    N, M = 624, 397

    def __init__(self, key):
        mt = [0] * self.N
        mt[0] = 19650218
        for i in range(1, self.N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        i, j = 1, 0
        for _ in range(max(self.N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) \
                & 0xFFFFFFFF
            i, j = i + 1, j + 1
            if i >= self.N:
                mt[0], i = mt[self.N - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(self.N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= self.N:
                mt[0], i = mt[self.N - 1], 1
        mt[0] = 0x80000000
        self.mt, self.index = mt, self.N

    def next(self):
        if self.index >= self.N:
            mt = self.mt
            for k in range(self.N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % self.N] & 0x7FFFFFFF)
                mt[k] = mt[(k + self.M) % self.N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y


def deal_wall(gen):
    """Spec 4.2 steps 3-6 for 4 players: (r, dice)."""
    raw = struct.pack('<288I', *[gen.next() for _ in range(288)])
    digest = b''.join(hashlib.sha512(raw[128 * i:128 * i + 128]).digest() for i in range(9))
    rnd = struct.unpack('<144I', digest)
    w = list(range(136))
    for i in range(135):
        j = i + rnd[i] % (136 - i)
        w[i], w[j] = w[j], w[i]
    return w[::-1], (rnd[135] % 6, rnd[136] % 6)


# ---- hands: counts of the 34 kinds ----


def counts(ids):
    c = [0] * 34
    for t in ids:
        c[t // 4] += 1
    return c


def complete(c):
    """True when the 14 tiles C form 4 sets and a pair, 7 distinct pairs, or 13 orphans."""
    if sum(1 for k in range(34) if c[k] == 2) == 7:
        return True
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    if all(c[k] >= 1 for k in orphans) and sum(c[k] for k in orphans) == 14:
        return True
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            ok = sets_only(c, 0)
            c[p] += 2
            if ok:
                return True
    return False


def sets_only(c, k):
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        return True
    if c[k] >= 3:
        c[k] -= 3
        ok = sets_only(c, k)
        c[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
        c[k] -= 1
        c[k + 1] -= 1
        c[k + 2] -= 1
        ok = sets_only(c, k)
        c[k] += 1
        c[k + 1] += 1
        c[k + 2] += 1
        return ok
    return False


def waits(c):
    """Kinds that complete the 13 tiles C, and whether some of them are not all held."""
    out = []
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if complete(c):
                out.append(k)
            c[k] -= 1
    held_four = [k for k in range(34) if c[k] == 4 and k not in out]
    return out, held_four


def shanten(c):
    """Standard-form shanten of 13 tiles (sets + partial sets), and the seven-pairs form."""
    best = [8]

    def walk(k, sets, partial, pair):
        while k < 34 and c[k] == 0:
            k += 1
        if k == 34:
            s = 8 - 2 * sets - min(partial, 4 - sets) - pair
            best[0] = min(best[0], s)
            return
        if c[k] >= 3:
            c[k] -= 3
            walk(k, sets + 1, partial, pair)
            c[k] += 3
        if k < 27 and k % 9 <= 6 and c[k + 1] and c[k + 2]:
            c[k] -= 1; c[k + 1] -= 1; c[k + 2] -= 1
            walk(k, sets + 1, partial, pair)
            c[k] += 1; c[k + 1] += 1; c[k + 2] += 1
        if c[k] >= 2:
            c[k] -= 2
            if not pair:
                walk(k, sets, partial, 1)
            walk(k, sets, partial + 1, pair)
            c[k] += 2
        if k < 27 and k % 9 <= 7 and c[k + 1]:
            c[k] -= 1; c[k + 1] -= 1
            walk(k, sets, partial + 1, pair)
            c[k] += 1; c[k + 1] += 1
        if k < 27 and k % 9 <= 6 and c[k + 2]:
            c[k] -= 1; c[k + 2] -= 1
            walk(k, sets, partial + 1, pair)
            c[k] += 1; c[k + 2] += 1
        c[k] -= 1
        walk(k + 1, sets, partial, pair)
        c[k] += 1

    walk(0, 0, 0, 0)
    pairs = sum(1 for k in range(34) if c[k] >= 2)
    kinds = sum(1 for k in range(34) if c[k] >= 1)
    seven = 6 - pairs + max(0, 7 - kinds)
    return min(best[0], seven)


# ---- the game ----


class Skip(Exception):
    """This seed's play would need a rule the spec leaves open."""


def pct(name):
    return ''.join('%%%02X' % b for b in name.encode('utf-8'))


def ids(xs):
    return ','.join(str(x) for x in xs)


def play_deal(out, gen, st):
    """Play one deal; append its tags to OUT; update ST (scores, honba, sticks, dealer)."""
    r, dice = deal_wall(gen)
    dealer = st['dealer']
    hands = [[] for _ in range(4)]
    for b in range(3):
        for s in range(4):
            hands[(dealer + s) % 4] += r[4 * (4 * b + s):4 * (4 * b + s) + 4]
    for s in range(4):
        hands[(dealer + s) % 4].append(r[48 + s])
    out.append('<INIT seed="%d,%d,%d,%d,%d,%d" ten="%s" oya="%d" %s/>' % (
        st['round'], st['honba'], st['sticks'], dice[0], dice[1], r[130],
        ids(x // 100 for x in st['scores']), dealer,
        ' '.join('hai%d="%s"' % (s, ids(hands[s])) for s in range(4))))
    riichi = [False] * 4
    first_winds = []
    seat = dealer
    for n in range(70):                       # 136 - 14 dead - 52 dealt = 70 live draws
        tile = r[52 + n]
        out.append('<%s%d/>' % ('TUVW'[seat], tile))
        hand = hands[seat] + [tile]
        if riichi[seat]:
            discard = tile
        else:
            def score(t):
                rest = list(hand)
                rest.remove(t)
                return (shanten(counts(rest)), 0 if t == tile else 1, -t)
            discard = min(hand, key=score)
        hand.remove(discard)
        hands[seat] = sorted(hand)
        left = 69 - n                          # live tiles left after this draw
        declare = False
        if not riichi[seat] and st['scores'][seat] >= 1000 and left >= 4:
            w, held = waits(counts(hands[seat]))
            if w:
                declare = True
            elif held:
                raise Skip('riichi on a karaten wait')
        if declare:
            out.append('<REACH who="%d" step="1"/>' % seat)
        out.append('<%s%d/>' % ('DEFG'[seat], discard))
        if n < 4:
            first_winds.append(discard // 4 if discard // 4 in (27, 28, 29, 30) else -1)
            if n == 3 and len(set(first_winds)) == 1 and first_winds[0] >= 0:
                raise Skip('four identical winds')
        if declare:
            riichi[seat] = True
            st['scores'][seat] -= 1000
            st['sticks'] += 1
            out.append('<REACH who="%d" step="2" ten="%s"/>' % (
                seat, ids(x // 100 for x in st['scores'])))
            if sum(riichi) == 4:
                raise Skip('four riichi')
        seat = (seat + 1) % 4
    # exhaustive draw
    tenpai = []
    for s in range(4):
        w, held = waits(counts(hands[s]))
        if w:
            tenpai.append(s)
        elif held:
            raise Skip('karaten at the draw')
    deltas = [0] * 4
    if 0 < len(tenpai) < 4:
        for s in range(4):
            deltas[s] = 3000 // len(tenpai) if s in tenpai else -3000 // (4 - len(tenpai))
    before = list(st['scores'])
    st['scores'] = [before[s] + deltas[s] for s in range(4)]
    if min(st['scores']) < 0:
        raise Skip('a score below zero (tobi)')
    sc = ','.join('%d,%d' % (before[s] // 100, deltas[s] // 100) for s in range(4))
    shown = ' '.join('hai%d="%s"' % (s, ids(sorted(hands[s]))) for s in tenpai)
    tag = '<RYUUKYOKU ba="%d,%d" sc="%s"%s%s' % (st['honba'], st['sticks'], sc,
                                                 ' ' if shown else '', shown)
    st['honba'] += 1
    dealer_tenpai = dealer in tenpai
    return tag, dealer_tenpai


def results(st):
    """Final points (leftover sticks to the first place) and results (spec 6)."""
    points = list(st['scores'])
    order = sorted(range(4), key=lambda s: (-points[s], s))
    points[order[0]] += 1000 * st['sticks']
    uma = {1: 10, 2: -10, 3: -20}
    res = [0] * 4                            # in tenths
    for place, s in enumerate(order):
        if place:
            res[s] = (points[s] - 30000) // 100 + 10 * uma[place]
    res[order[0]] = -sum(res)
    return ','.join('%d,%s' % (points[s] // 100, '%d.%d' % divmod(res[s], 10)
                               if res[s] >= 0 else '-%d.%d' % divmod(-res[s], 10))
                    for s in range(4))


def game(key):
    seed = base64.b64encode(struct.pack('<624I', *key)).decode('ascii')
    gen = MT19937(key)
    names = ['paifu-A', 'paifu-B', '合成データ', 'paifu-D']
    out = ['<mjloggm ver="2.3">',
           '<SHUFFLE seed="mt19937ar-sha512-n288-base64,%s" ref=""/>' % seed,
           '<GO type="1" lobby="0"/>',
           '<UN %s dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,F,M,F"/>' %
           ' '.join('n%d="%s"' % (s, pct(names[s])) for s in range(4)),
           '<TAIKYOKU oya="0"/>']
    st = {'round': 0, 'honba': 0, 'sticks': 0, 'dealer': 0, 'scores': [25000] * 4}
    while True:
        tag, dealer_tenpai = play_deal(out, gen, st)
        last = st['round'] == 3
        if last and dealer_tenpai:
            raise Skip('tenpai-yame at the all-last deal')
        if last:
            if max(st['scores']) < 30000:
                raise Skip('a West extension')
            out.append(tag + ' owari="%s"/>' % results(st))
            break
        out.append(tag + '/>')
        if not dealer_tenpai:
            st['round'] += 1
            st['dealer'] = (st['dealer'] + 1) % 4
    out.append('</mjloggm>')
    return '\n'.join(out) + '\n'


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', 'samples',
                                                              'synthetic-tenhou.mjlog')
    rng = random.Random(20240601)
    for attempt in range(1, 1001):
        key = [rng.getrandbits(32) for _ in range(624)]
        try:
            text = game(key)
        except Skip as why:
            print('attempt %d skipped: %s' % (attempt, why), file=sys.stderr)
            continue
        with open(path, 'w', encoding='utf-8', newline='\n') as f:
            f.write(text)
        print('attempt %d: wrote %s' % (attempt, path), file=sys.stderr)
        return 0
    print('no seed in 1000 attempts', file=sys.stderr)
    return 1


if __name__ == '__main__':
    sys.exit(main())
