"""The ctypes mirror (paifu/_lib.py) has the C headers' layout: the size of every structure and
the offset of every field, compiled from lib/include/paifu with the C compiler. A public
header that changes a structure without the binding following fails here, not in a user's
program."""
import ctypes
import os
import shutil
import subprocess
import tempfile
import unittest

import common

from paifu import _lib

C_NAMES = {
    "Location": "paifu_location", "Error": "paifu_error", "ReadOptions": "paifu_read_options",
    "FormatInfo": "paifu_format_info", "WriteOptions": "paifu_write_options",
    "FillCounts": "paifu_fill_counts", "TableColumn": "paifu_table_column",
    "Cell": "paifu_cell", "TableGame": "paifu_table_game", "StateMeld": "paifu_state_meld",
    "StateDiscard": "paifu_state_discard", "TableState": "paifu_table_state",
    "TableWalk": "paifu_table_walk",
    "RuleParamInfo": "paifu_rule_param_info", "Event": "paifu_event",
    "YakuValue": "paifu_yaku_value", "Win": "paifu_win", "Draw": "paifu_draw",
    "Penalty": "paifu_penalty", "WallLayout": "paifu_wall_layout",
    "DealStart": "paifu_deal_start", "Deal": "paifu_deal", "Player": "paifu_player",
    "GameResult": "paifu_game_result", "Meta": "paifu_meta", "Finding": "paifu_finding",
    "FindingCodeInfo": "paifu_finding_code_info", "VerifyStats": "paifu_verify_stats",
    "VerifyOptions": "paifu_verify_options", "Meld": "paifu_meld", "Hand": "paifu_hand",
    "Set": "paifu_set", "Reading": "paifu_reading", "Situation": "paifu_situation",
    "FuPart": "paifu_fu_part", "Payment": "paifu_payment", "Score": "paifu_score",
    "Standing": "paifu_standing", "RulesChoice": "paifu_rules_choice",
    "SettledDeal": "paifu_settled_deal", "SettledRow": "paifu_settled_row",
    "SettledResult": "paifu_settled_result", "RuleCheck": "paifu_rule_check",
    "McrFanInfo": "paifu_mcr_fan_info", "McrMeld": "paifu_mcr_meld", "McrHand": "paifu_mcr_hand",
    "McrSituation": "paifu_mcr_situation", "McrFanValue": "paifu_mcr_fan_value",
    "McrResult": "paifu_mcr_result", "McrOffenceInfo": "paifu_mcr_offence_info",
    "McrPenaltyCase": "paifu_mcr_penalty_case", "McrPlacement": "paifu_mcr_placement",
    "McrTable": "paifu_mcr_table", "McrStanding": "paifu_mcr_standing",
    "WinResult": "paifu_win_result",
}
CC = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
BUILD = os.environ.get("PAIFU_BUILD_DIR") or os.path.join(common.SOURCE, "build")


@unittest.skipUnless(CC and os.path.exists(os.path.join(BUILD, "include", "paifu",
                                                        "version.h")),
                     "needs a C compiler and a configured build directory")
class Layout(unittest.TestCase):
    def test_every_structure_and_field(self):
        lines, want = [], []
        for py, c in sorted(C_NAMES.items()):
            cls = getattr(_lib, py)
            lines.append('printf("%%zu\\n", sizeof(%s));' % c)
            want.append(("sizeof " + c, ctypes.sizeof(cls)))
            for name, _ in cls._fields_:
                cname = "from" if name == "from_" else name
                lines.append('printf("%%zu\\n", offsetof(%s, %s));' % (c, cname))
                want.append(("%s.%s" % (c, cname), getattr(cls, name).offset))
        # every public structure the binding mirrors is named above
        mirrored = {n for n, v in vars(_lib).items()
                    if isinstance(v, type) and issubclass(v, ctypes.Structure)
                    and v is not ctypes.Structure}
        self.assertEqual(mirrored, set(C_NAMES))
        src = ("#include <paifu.h>\n#include <stddef.h>\n#include <stdio.h>\n"
               "int main(void)\n{\n" + "\n".join(lines) + "\nreturn 0;\n}\n")
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "abi.c"), "w") as f:
                f.write(src)
            exe = os.path.join(d, "abi")
            subprocess.run([CC, "-std=c11", "-I", os.path.join(common.SOURCE, "lib", "include"),
                            "-I", os.path.join(BUILD, "include"), os.path.join(d, "abi.c"),
                            "-o", exe], check=True)
            got = subprocess.run([exe], check=True, capture_output=True,
                                 text=True).stdout.split()
        self.assertEqual(len(got), len(want))
        for (what, value), c in zip(want, got):
            self.assertEqual(value, int(c), what)


if __name__ == "__main__":
    unittest.main()
