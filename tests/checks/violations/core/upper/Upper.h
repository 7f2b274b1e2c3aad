#pragma once
#include "core/lower/Lower.h"
