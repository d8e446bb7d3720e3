"""Tests of the rules core, samarkand_core: the rules, the engine, save codes, the bots,
the drawings, replay and analysis, the command line and the research tools."""
