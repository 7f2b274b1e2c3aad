#include "core/upper/Upper.h"
