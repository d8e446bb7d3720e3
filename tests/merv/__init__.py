"""Tests of Merv's rules core, merv_core."""
