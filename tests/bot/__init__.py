"""Tests of the computer opponent (issue #35): its rules (BOT-*), its statistics and its commands."""
