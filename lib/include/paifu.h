/*
 * paifu.h: umbrella header of libpaifu. Includes every public header.
 */
#ifndef PAIFU_H
#define PAIFU_H

#include "paifu/common.h"
#include "paifu/error.h"
#include "paifu/game.h"
#include "paifu/hand.h"
#include "paifu/io.h"
#include "paifu/mcr.h"
#include "paifu/rules.h"
#include "paifu/score.h"
#include "paifu/settle.h"
#include "paifu/settled.h"
#include "paifu/table.h"
#include "paifu/tile.h"
#include "paifu/verify.h"
#include "paifu/version.h"
#include "paifu/yaku.h"

#endif
