"""Writing PDN: a :class:`~tablier.draughts.pdn.PdnGame` as PDN 3.0 text.

The output is what the reader reads back unchanged and what other programs read: the tags (the
seven-tag roster first, then ``GameType``, ``SetUp`` and ``FEN``, then the rest in their order),
a blank line, the moves numbered in pairs from the side to move at the start (``1. 11-15 23-18
2. ...``, the CheckerBoard convention), comments ``{...}``, NAGs ``$n``, variations ``(...)``, the
result, and lines wrapped at ``width`` columns without splitting a token.
"""

from __future__ import annotations

from tablier.draughts.pdn import PdnGame, PdnMove, PdnNode

#: The tags every tournament game carries, in PGN's order.
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
#: Tags that describe the set-up, written right after the roster.
SETUP_TAGS = ("GameType", "SetUp", "FEN")


def new_game(moves: list[str], *, headers: dict[str, str] | None = None, fen: str | None = None,
             game_type: int | None = None, result: str = "*") -> PdnGame:
    """A :class:`PdnGame` from moves in PDN notation (``["11-15", "23x14"]``), ready to write.

    ``fen`` (a set-up position) adds ``SetUp "1"`` and ``FEN``; ``game_type`` adds ``GameType``
    (each variant says its own: :attr:`~tablier.draughts.core.Board.pdn_game_type`).
    """
    game = PdnGame(headers=dict(headers or {}), result=result)
    if game_type is not None:
        game.headers.setdefault("GameType", str(game_type))
    if fen is not None:
        game.headers.setdefault("SetUp", "1")
        game.headers.setdefault("FEN", fen)
    game.headers.setdefault("Result", result)
    game.moves = [PdnNode(PdnMove.from_pdn(move)) for move in moves]
    return game


def write_game(game: PdnGame, *, width: int = 79, variations: bool = True, comments: bool = True) -> str:
    """The game as PDN text ending with a newline; a blank line separates games when joined."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in _ordered_headers(game)]
    tokens: list[str] = []
    if comments:
        tokens.extend(_comment(text) for text in game.comments)
    tokens.extend(_line_tokens(game.moves, 0, variations, comments))
    tokens.append(game.result)
    text = "\n".join(lines)
    return (text + "\n\n" if text else "") + _wrap(tokens, width) + "\n"


def write_games(games: list[PdnGame], **options: int | bool) -> str:
    """Several games, separated by blank lines."""
    return "\n".join(write_game(game, **options) for game in games)  # type: ignore[arg-type]


def _ordered_headers(game: PdnGame) -> list[tuple[str, str]]:
    headers = game.headers
    order = [name for name in (*ROSTER, *SETUP_TAGS) if name in headers]
    order += [name for name in headers if name not in order]
    return [(name, headers[name]) for name in order]


def _escape(value: str) -> str:
    """A tag value inside quotes: backslashes and quotes escaped, line breaks made spaces."""
    return " ".join(value.replace("\\", "\\\\").replace('"', '\\"').splitlines())


def _comment(text: str) -> str:
    """A comment in braces; braces inside it (which PDN cannot nest) become parentheses."""
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def _line_tokens(nodes: list[PdnNode], first_ply: int, variations: bool, comments: bool) -> list[str]:
    """The tokens of a line of moves whose first move is ply ``first_ply`` (0 = the first move)."""
    tokens: list[str] = []
    need_number = True
    for offset, node in enumerate(nodes):
        ply = first_ply + offset
        number = ply // 2 + 1
        if comments and node.comments_before:
            tokens.extend(_comment(text) for text in node.comments_before)
            need_number = True
        if ply % 2 == 0:
            tokens.append(f"{number}.")
        elif need_number:
            tokens.append(f"{number}...")
        need_number = False
        tokens.append(node.move.pdn() + node.strength)
        tokens.extend(f"${nag}" for nag in node.nags)
        if comments and node.comments:
            tokens.extend(_comment(text) for text in node.comments)
            need_number = True
        if variations:
            for variation in node.variations:
                inner = _line_tokens(variation, ply, variations, comments)
                if inner:
                    tokens.append("(" + inner[0])
                    tokens.extend(inner[1:])
                    tokens[-1] += ")"
                    need_number = True
    return tokens


def _wrap(tokens: list[str], width: int) -> str:
    lines: list[str] = []
    current = ""
    for token in tokens:
        if current and len(current) + 1 + len(token) > width:
            lines.append(current)
            current = token
        else:
            current = f"{current} {token}" if current else token
    if current:
        lines.append(current)
    return "\n".join(lines)
