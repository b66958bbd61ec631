"""Every message and request body, as a schema: anything else is refused with the reason."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Strict):
    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=200)] | None = None


class Act(_Strict):
    type: Literal["act"]
    seq: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(min_length=1, max_length=200)]


class Ping(_Strict):
    type: Literal["ping"]


ClientMessage = Annotated[Hello | Act | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Ping] = TypeAdapter(ClientMessage)


class CreateGame(_Strict):
    edition: Literal["original", "clone_wars"] = "original"
    mode: Literal["beginner", "full"] = "beginner"
    bases_to_win: Annotated[int, Field(ge=2, le=5)] | None = None
    opponent: Literal["ai", "friend"] = "ai"
    level: Annotated[str, Field(min_length=1, max_length=40)] = "hard"   # one of the game's levels
    seat: Literal[0, 1] | None = 0


class Join(_Strict):
    invite: Annotated[str, Field(min_length=1, max_length=200)]


def explain(err: ValidationError) -> str:
    """A validation error in one line that names the field and the problem."""
    parts = []
    for e in err.errors()[:3]:
        where = ".".join(str(x) for x in e["loc"]) or "message"
        parts.append(f"{where}: {e['msg']}")
    return "; ".join(parts)


__all__ = ["CLIENT_MESSAGE", "Act", "CreateGame", "Hello", "Join", "Ping", "ValidationError", "explain"]
