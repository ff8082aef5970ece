/* gen recipe (docs/cli.md). */
#include "commands.h"

#include "recipe.h"

int cmd_recipe(int argc, char **argv)
{
    return recipe_main(argc, argv);
}
