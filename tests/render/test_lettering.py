"""Names in every script: kept whole, drawn by a font that has them, in reading order."""

from __future__ import annotations

from render.lettering import FACES, fit, line, printable, visual

NOTO_SANS, HEBREW, ARABIC, DEVANAGARI, THAI, CJK, EMOJI = range(len(FACES))


def test_names_keep_every_script_and_lose_only_what_no_font_draws() -> None:
    assert printable("Zoë Ångström", "Player 1") == "Zoë Ångström"
    assert printable("山田 🦊", "Player 2") == "山田 🦊"
    assert printable("\u202eevil\u0000\n\tname", "Player 3") == "evil name"
    assert printable("Dana \U000e0001\u0b95\u0b99", "Player 4") == "Dana"
    assert printable("  ", "Player 5") == "Player 5"
    assert printable("\u0b95\u0b99", "Player 6") == "Player 6"


def test_a_name_of_emoji_is_drawn_not_replaced() -> None:
    assert printable("🦊🎲", "Player 1") == "🦊🎲"
    assert line("🦊🎲", 30).runs == (("🦊🎲", EMOJI),)


def test_each_character_is_drawn_by_the_first_font_that_has_it() -> None:
    assert line("Ψυχή Дима 山田 🎲", 30).runs == (
        ("Ψυχή Дима ", NOTO_SANS),
        ("山田", CJK),
        (" ", NOTO_SANS),
        ("🎲", EMOJI),
    )
    assert line("שלום", 30).runs == (("םולש", HEBREW),)
    assert line("Raj राज (2) สมชาย", 30).runs == (
        ("Raj ", NOTO_SANS),
        ("राज (2) ", DEVANAGARI),
        ("สมชาย", THAI),
    )


def test_right_to_left_names_are_drawn_in_visual_order_inside_english() -> None:
    assert visual("\u2068דוד כהן\u2069 wins") == "\u2068ןהכ דוד\u2069 wins"  # noqa: RUF001
    arabic = visual("علي")
    assert arabic == "ﻲﻠﻋ"
    assert all(index == ARABIC for _, index in line("محمد علي", 30).runs)


def test_a_right_to_left_name_cut_to_fit_keeps_its_beginning() -> None:
    name = "אבגדהוזחטיכלמנסעפצקרשת" * 3
    cut = fit(name, 30, 200)
    assert cut.endswith("…") and name.startswith(cut[:-1])
    assert line(cut, 30).width <= 200
