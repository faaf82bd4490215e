/*
 * points.c: from han and fu to base points, limits and payments.
 *
 * shared/rules/yaku.md section 6 (RRC 000 §3.5.1, §3.7.6-§3.7.8): base = fu * 2^(han + 2),
 * mangan when that passes 2000 or at 5 han, then the limit table; each payment is rounded up to
 * 100 after multiplying by its factor (4 / 6 for ron, 1 and 2 for the tsumo payers). Rule-set
 * differences: kiriage (4/30 and 3/60 are mangan: WRC, t3) and kazoe_yakuman (13+ han = yakuman;
 * without it 13+ han stay sanbaiman, the seeds give no other value). Honba and riichi sticks are
 * the caller's: they are added per payer after this. 3 players: the absent north's share of a tsumo
 * is lost (sanma_tsumo_loss) or split between the two payers (paifu_points__absent_share).
 */
#include "paifu/score.h"
#include "rules_internal.h"
#include "score_internal.h"

int32_t paifu_points_base(int han, int fu, const paifu_rules *rules, paifu_limit *limit_out)
{
    paifu_limit limit = PAIFU_LIMIT_NONE;
    int32_t base;
    if (!rules)
        return PAIFU_EINVAL;
    if (han >= 13 && rules->kazoe_yakuman) {
        limit = PAIFU_LIMIT_YAKUMAN, base = 8000; /* 000 §3.7.8 */
    } else if (han >= 11) {
        limit = PAIFU_LIMIT_SANBAIMAN, base = 6000;
    } else if (han >= 8) {
        limit = PAIFU_LIMIT_BAIMAN, base = 4000;
    } else if (han >= 6) {
        limit = PAIFU_LIMIT_HANEMAN, base = 3000;
    } else if (han >= 5) {
        limit = PAIFU_LIMIT_MANGAN, base = 2000;
    } else if (han <= 0 || fu <= 0) {
        base = 0;
    } else {
        int64_t b = (int64_t)fu << (han + 2); /* bazoro 2; fu of any size does not overflow */
        base = b > 2000 ? 2001 : (int32_t)b;
        if (base > 2000 || (rules->kiriage && base == 1920)) /* kiriage: 4/30 and 3/60 */
            limit = PAIFU_LIMIT_MANGAN, base = 2000;
    }
    if (limit_out)
        *limit_out = limit;
    return base;
}

static int32_t ceil100(int32_t x)
{
    return (x + 99) / 100 * 100;
}

void paifu_points_payment(paifu_payment *out, int32_t base, bool dealer)
{
    out->base = base;
    out->ron = ceil100(base * (dealer ? 6 : 4));
    out->tsumo_dealer = dealer ? 0 : ceil100(base * 2);
    out->tsumo_nondealer = ceil100(base * (dealer ? 2 : 1));
}

int32_t paifu_points__absent_share(int32_t nondealer_share, int players, const paifu_rules *rules)
{
    /* riichi.wiki "Sanma": the north seat's payment of a tsumo is divided equally between the
       other two seats (a non-dealer's mangan tsumo is paid 5000 by the dealer and 3000 by the
       other non-dealer); each half is rounded up to 100 as every payment is */
    if (players != 3 || rules->sanma_tsumo_loss)
        return 0;
    return ceil100(nondealer_share / 2);
}

bool paifu_points_possible(int han, int fu, bool tsumo)
{
    if (han < 1 || fu < 20)
        return false;
    if (fu == 20)
        return tsumo && han >= 2; /* pinfu + menzen tsumo */
    if (fu == 25)
        return han >= (tsumo ? 3 : 2); /* chiitoitsu (+ menzen tsumo) */
    return fu % 10 == 0;
}
