/*
 * points.c: from han and fu to base points, limits and payments.
 *
 * shared/rules/yaku.md section 6 (RRC 000 §3.5.1, §3.7.6-§3.7.8): base = fu * 2^(han + 2),
 * mangan when that passes 2000 or at 5 han, then the limit table; each payment is rounded up to
 * 100 after multiplying by its factor (4 / 6 for ron, 1 and 2 for the tsumo payers). Rule-set
 * differences: kiriage (4/30 and 3/60 are mangan: WRC, t3) and kazoe_yakuman (13+ han = yakuman;
 * without it 13+ han stay sanbaiman, the seeds give no other value). Honba and riichi sticks are
 * the caller's: they are added per payer after this.
 */
#include "paifu/score.h"
#include "rules_internal.h"

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
