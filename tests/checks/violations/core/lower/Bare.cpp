#include "Lower.h"
