"""The fast paths of the public pages (issue 13, item 5) write what the templates wrote: a
player's card address as `{% url %}` gives it, and standings rows as the template loop wrote
them, every value escaped."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.template import Context, Template
from django.urls import reverse

from mashindano.app.documents.place import PlayerRef
from mashindano.app.documents.tables import StandingsRow, StandingsSection, TieBreakValue
from mashindano.app.documents.tiebreaks import column_definition
from mashindano.web.templatetags.web_tags import player_url, standings_rows

ODD_IDS = ["Amani Mwangi", "O'Neil", "Zoë Łukasz", "a+b&c", "50%", "x:y@z", "<b>", "~tilde"]


@pytest.mark.parametrize("player", ODD_IDS)
def test_player_url_is_the_address_url_reverses(player: str) -> None:
    assert player_url(player, "club-2026") == reverse("public:player", args=["club-2026", player])


LOOP = Template(
    "{% load web_tags locale_tags %}{% for row in section.rows %}"
    '<tr{% if row.shared %} class="shared"{% endif %}>'
    '<td class="num"><bdi>{{ row.rank_label }}</bdi></td>'
    '<td class="num start-no"><bdi>{{ row.player.number|default_if_none:"" }}</bdi></td>'
    '<th scope="row"><a href="{% url \'public:player\' slug row.player.id %}">'
    "<bdi>{{ row.player.name }}</bdi></a></th>"
    '{% if section.has_ratings %}<td class="num"><bdi>'
    '{{ row.player.rating|default_if_none:"" }}</bdi></td>{% endif %}'
    '<td class="num pts"><bdi>{{ row.points|points }}</bdi></td>'
    '{% for v in row.values %}<td class="num"><bdi>{{ v.text }}</bdi></td>{% endfor %}'
    '<td class="note">{{ row.note }}{% if row.note and row.flags %}; {% endif %}'
    '{{ row.flags|join:"; " }}</td></tr>{% if not forloop.last %}\n{% endif %}{% endfor %}'
)


def _section(ratings: bool) -> StandingsSection:
    columns = (column_definition("buchholz"), column_definition("coefficient", "gomoku-league"))
    rows = tuple(
        StandingsRow(
            rank=n,
            shared=n == 2,
            player=PlayerRef(
                ODD_IDS[n - 1], f"{ODD_IDS[n - 1]} <i>", n, 2000 - n if ratings else None
            ),
            points=Fraction(50, 3) if n == 1 else Fraction(n, 2),
            values=(
                TieBreakValue(columns[0], Fraction(n, 3)),
                TieBreakValue(columns[1], None if n == 3 else Fraction(27, 10)),
            ),
            note="to the final" if n == 1 else "",
            flags=("withdrawn from round 3", "on leave round 2") if n in (1, 4) else (),
        )
        for n in range(1, len(ODD_IDS) + 1)
    )
    return StandingsSection("Standings", columns, rows)


@pytest.mark.parametrize("ratings", [True, False])
def test_standings_rows_write_what_the_template_loop_wrote(ratings: bool) -> None:
    section = _section(ratings)
    expected = LOOP.render(Context({"section": section, "slug": "club"}))
    written = standings_rows(Context({}), section, "club")
    assert written == expected
    assert "16⅔" in written
    assert "&lt;i&gt;" in written
    assert "2.700" in written  # a Gomoku coefficient with its three decimals (A17)
