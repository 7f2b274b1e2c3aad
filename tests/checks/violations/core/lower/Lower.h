#pragma once
#include "core/upper/Upper.h"
