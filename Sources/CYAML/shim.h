#ifndef DICFG_CYAML_SHIM_H
#define DICFG_CYAML_SHIM_H
#include <yaml.h>
#endif
