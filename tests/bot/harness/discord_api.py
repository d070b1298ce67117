"""Every request the bot makes, held against Discord's own description of API v10.

`check_request` matches a request's URL to a path of the OpenAPI description vendored in
`discord_api_spec/` and validates its path and query parameters and its body (a multipart
body's `payload_json`) against the description's JSON Schemas (Draft 2020-12; snowflakes may
be integers, as the live API accepts), then checks the limits Discord documents but the
description does not encode. A request Discord would refuse, or one to a path the description
lacks, raises `InvalidRequest` naming the field and the reason. The description is read once
per process, each validator compiled once, and each body's verdict remembered; a choice
among schemas is checked without listing the errors of the choices a valid value is not.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, relevance
from jsonschema.protocols import Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from tests.bot.harness.records import HarnessError, Json, SentFile, walk_components

SPEC_FILE = Path(__file__).parent / "discord_api_spec" / "openapi.json.gz"
API_PREFIX = "/api/v10"

COMMAND_CHARACTERS = 8000
"""A command's name, description, options and choices together, the longest localization
of each counted."""
OPTIONS_PER_LEVEL = 25
"""Subcommands, groups and options under any one command, group or subcommand."""
CHOICES = 25
CHOICE_TEXT = 100
"""The most characters a choice's name or value may have."""
FILES_PER_MESSAGE = 10
EMBED_CHARACTERS = 6000
"""A message's embeds' titles, descriptions, field names and values, footers and authors."""
CONTENT = 2000
"""The most characters of a bot's message (the description allows people's 4000)."""
CUSTOM_ID = 100
BUTTONS_PER_ROW = 5
ACTION_ROWS = 5
"""Top-level components of a message without the IS_COMPONENTS_V2 flag (the description
allows the 40 of such messages)."""
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024
"""The most one file may weigh where no interaction says otherwise (a server without boosts)."""

_SPEC_URI = "urn:discord-api-v10"
_AUTOCOMPLETE_RESULT = 8
_BUTTON = 2
_ACTION_ROW = 1
_COMPONENTS_V2 = 1 << 15


class InvalidRequest(HarnessError):
    """The bot made a request Discord would refuse."""


def check_request(
    method: str,
    url: str,
    body: Any,
    *,
    query: Mapping[str, Any] | None = None,
    multipart: bool = False,
    files: Sequence[SentFile] = (),
    upload_limit: int = DEFAULT_UPLOAD_LIMIT,
) -> None:
    """Raises `InvalidRequest` unless Discord would accept this request.

    `body` is the JSON sent (a multipart body's `payload_json`), None when there is none;
    `query` the URL's parameters as discord.py passes them (booleans as 0 or 1).
    """
    path = unquote(urlsplit(url).path).removeprefix(API_PREFIX)
    template, params = _template(method, path)
    where = f"{method} {template}"
    problems = [*_parameter_problems(template, params)]
    problems += [*_query_problems(template, method, query or {})]
    text = None if body is None else json.dumps(body, sort_keys=True)
    problems += _body_problems(template, method, multipart, text)
    if not problems and body is not None:
        problems += _file_problems(files, upload_limit)
    if problems:
        raise InvalidRequest(f"Discord would refuse {where}: " + "; ".join(problems))


@functools.lru_cache(maxsize=4096)
def _body_problems(
    template: str, method: str, multipart: bool, text: str | None
) -> tuple[str, ...]:
    """What is wrong with a body (its JSON text), remembered: the bot registers the same
    commands in many tests, and registrations are the costliest to check."""
    validator = _body_validator(template, method, multipart)
    if text is None:
        return () if validator is None else (f"body: {method} {template} needs a body",)
    if validator is None:
        return (f"body: {method} {template} takes no body",)
    body = json.loads(text)
    error = _first_error(validator, body)
    if error is not None:
        return (_reason(error),)
    return tuple(_documented_problems(template, method, body))


@functools.cache
def _description() -> Json:
    """Discord's OpenAPI description, snowflakes widened to the integers the API accepts."""
    spec: Json = json.loads(gzip.decompress(SPEC_FILE.read_bytes()))
    schemas = spec["components"]["schemas"]
    schemas["SnowflakeType"] = {
        "anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]
    }
    return spec


@functools.cache
def _registry() -> Registry[Any]:
    return Registry().with_resource(_SPEC_URI, DRAFT202012.create_resource(_description()))


@functools.cache
def _templates() -> list[tuple[re.Pattern[str], str]]:
    """Every path of the description as a pattern, those with more fixed parts first
    (`.../messages/@original` before `.../messages/{message_id}`)."""
    found = []
    for template in _description()["paths"]:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
        fixed = sum(1 for part in template.split("/") if part and not part.startswith("{"))
        found.append((fixed, re.compile(pattern + "$"), template))
    found.sort(key=lambda entry: -entry[0])
    return [(pattern, template) for _, pattern, template in found]


def _template(method: str, path: str) -> tuple[str, dict[str, str]]:
    matching = [(p.match(path), t) for p, t in _templates()]
    found = [(m, t) for m, t in matching if m is not None]
    for match, template in found:
        if method.lower() in _description()["paths"][template]:
            return template, match.groupdict()
    if found:
        raise InvalidRequest(f"Discord has no {method} {found[0][1]} (the bot sent {path}).")
    raise InvalidRequest(f"Discord's API has no path {path} (the bot sent {method} to it).")


def _parameter_problems(template: str, params: Mapping[str, str]) -> Iterator[str]:
    for name, value in params.items():
        error = _first_error(_parameter_validator(template, name), value)
        if error is not None:
            yield f"path parameter {name}: {_reason(error)}"


def _query_problems(template: str, method: str, query: Mapping[str, Any]) -> Iterator[str]:
    for name, value in query.items():
        validator = _query_validator(template, method.lower(), name)
        if validator is None:
            yield f"query parameter {name}: {method} {template} has none of that name"
            continue
        errors = [_first_error(validator, form) for form in _query_forms(value)]
        first = errors[0]
        if first is not None and all(errors):
            yield f"query parameter {name}: {_reason(first)}"


def _query_forms(value: Any) -> list[Any]:
    """The value, and what Discord reads it as in a URL: 1/0 and true/false are booleans,
    digits a number."""
    forms = [value]
    if str(value).lower() in ("1", "0", "true", "false"):
        forms.append(str(value).lower() in ("1", "true"))
    if isinstance(value, str) and value.isdigit():
        forms.append(int(value))
    return forms


@functools.cache
def _parameter_validator(template: str, name: str) -> Validator:
    declared = _description()["paths"][template].get("parameters", [])
    index = next(i for i, p in enumerate(declared) if p["name"] == name)
    return _validator(f"/paths/{_escape(template)}/parameters/{index}/schema")


@functools.cache
def _query_validator(template: str, method: str, name: str) -> Validator | None:
    declared = _description()["paths"][template][method].get("parameters", [])
    for index, parameter in enumerate(declared):
        if parameter["name"] == name and parameter["in"] == "query":
            pointer = f"/paths/{_escape(template)}/{method}/parameters/{index}/schema"
            return _validator(pointer)
    return None


@functools.cache
def _body_validator(template: str, method: str, multipart: bool) -> Validator | None:
    operation = _description()["paths"][template][method.lower()]
    if "requestBody" not in operation:
        return None
    media = "multipart/form-data" if multipart else "application/json"
    content = operation["requestBody"]["content"]
    if media not in content:
        raise InvalidRequest(f"Discord takes no {media} body on {method} {template}.")
    pointer = f"/paths/{_escape(template)}/{method.lower()}/requestBody/content/{_escape(media)}"
    pointer += "/schema/allOf/0" if "allOf" in content[media]["schema"] else "/schema"
    return _validator(pointer)


def _validator(pointer: str) -> Validator:
    return _Validator({"$ref": f"{_SPEC_URI}#{pointer}"}, registry=_registry())


def _any_of(validator: Any, choices: list[Any], instance: Any, schema: Any) -> Iterator[Any]:
    """`anyOf` as Draft 2020-12 has it, its errors those of jsonschema's own, but a value
    valid under a choice found so without listing every error of the choices before it."""
    if not any(validator.evolve(schema=choice).is_valid(instance) for choice in choices):
        yield from _DRAFT["anyOf"](validator, choices, instance, schema)


def _one_of(validator: Any, choices: list[Any], instance: Any, schema: Any) -> Iterator[Any]:
    """`oneOf` as `_any_of` is `anyOf`: errors listed only for a value not valid under
    exactly one choice."""
    valid = [validator.evolve(schema=choice).is_valid(instance) for choice in choices]
    if sum(valid) != 1:
        yield from _DRAFT["oneOf"](validator, choices, instance, schema)


_DRAFT = Draft202012Validator.VALIDATORS
_Validator = validators.extend(Draft202012Validator, {"anyOf": _any_of, "oneOf": _one_of})
"""Draft 2020-12 as jsonschema checks it, its errors the same: the message and command
schemas choose among many kinds of component and option, and listing every error of the
choices a valid value is not (as jsonschema's `anyOf` and `oneOf` do, to report them should
no choice fit) was most of the time checking took."""


def _first_error(validator: Validator, value: Any) -> ValidationError | None:
    """The most telling error: within a choice of schemas (`oneOf`, `anyOf`), that of the one
    schema the value was meant for (the one whose `type` it has)."""
    error = max(validator.iter_errors(value), key=relevance, default=None)
    while error is not None and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for inner in error.context:
            branches.setdefault(inner.relative_schema_path[0], []).append(inner)
        meant = [errors for errors in branches.values() if not any(map(_other_kind, errors))]
        if len(meant) > 1:
            fewest = min(map(_kind_errors, meant))
            meant = [errors for errors in meant if _kind_errors(errors) == fewest]
        if len(meant) != 1:
            break
        error = max(meant[0], key=relevance)
    return error


def _kind_errors(errors: Iterable[ValidationError]) -> int:
    """How many values, however deep, are of another type than the schema says."""
    return sum((e.validator == "type") + _kind_errors(e.context or ()) for e in errors)


def _reason(error: ValidationError) -> str:
    """The error's path and message, the value cut short (a long text is given by size)."""
    if error.validator in ("maxLength", "maxItems", "maxProperties"):
        return f"{error.json_path}: {len(error.instance)} long (at most {error.validator_value})"
    if error.validator in ("minLength", "minItems"):
        return f"{error.json_path}: {len(error.instance)} long (at least {error.validator_value})"
    message = error.message if len(error.message) <= 300 else error.message[:200] + "..."
    return f"{error.json_path}: {message}"


def _other_kind(error: ValidationError) -> bool:
    """Whether the error says the value is of another kind than the schema describes."""
    if error.validator == "type":
        return not error.relative_path
    return error.validator in ("enum", "const") and list(error.relative_path) == ["type"]


def _escape(key: str) -> str:
    """`key` as one JSON Pointer step."""
    return key.replace("~", "~0").replace("/", "~1")


# -- what Discord documents beyond the description -------------------------------


def _documented_problems(template: str, method: str, body: Any) -> Iterator[str]:
    if template.endswith("/commands"):
        for index, command in enumerate(body if method == "PUT" else [body]):
            yield from _command_problems(command, f"$[{index}]")
        return
    if template.endswith("/commands/{command_id}"):
        yield from _command_problems(body, "$")
        return
    data, at = (body.get("data") or {}, "$.data") if template.endswith("/callback") else (body, "$")
    if template.endswith("/callback") and body.get("type") == _AUTOCOMPLETE_RESULT:
        yield from _choice_problems(data.get("choices") or [], f"{at}.choices")
        return
    yield from _message_problems(data, at)


def _command_problems(command: Json, at: str) -> Iterator[str]:
    size = _command_characters(command)
    if size > COMMAND_CHARACTERS:
        name = command.get("name")
        yield f"{at}: command {name!r} has {size} characters (at most {COMMAND_CHARACTERS})"
    yield from _option_problems(command, at)


def _option_problems(node: Json, at: str) -> Iterator[str]:
    options = node.get("options") or []
    if len(options) > OPTIONS_PER_LEVEL:
        yield f"{at}.options: {len(options)} options (at most {OPTIONS_PER_LEVEL})"
    if "choices" in node:
        yield from _choice_problems(node.get("choices") or [], f"{at}.choices")
    for index, option in enumerate(options):
        yield from _option_problems(option, f"{at}.options[{index}]")


def _choice_problems(choices: Sequence[Json], at: str) -> Iterator[str]:
    if len(choices) > CHOICES:
        yield f"{at}: {len(choices)} choices (at most {CHOICES})"
    for index, choice in enumerate(choices):
        for key in ("name", "value"):
            text = str(choice.get(key, ""))
            if len(text) > CHOICE_TEXT:
                yield f"{at}[{index}].{key}: {len(text)} characters (at most {CHOICE_TEXT})"


def _command_characters(node: Json) -> int:
    """The characters Discord counts against a command's 8000: names, descriptions and choice
    values of the command and everything under it, each at its longest localization."""
    size = sum(_longest(node, key) for key in ("name", "description"))
    for choice in node.get("choices") or []:
        size += _longest(choice, "name") + len(str(choice.get("value", "")))
    return size + sum(_command_characters(option) for option in node.get("options") or [])


def _longest(node: Json, key: str) -> int:
    texts = [node.get(key) or "", *(node.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def _message_problems(data: Json, at: str) -> Iterator[str]:
    content = data.get("content") or ""
    if len(content) > CONTENT:
        yield f"{at}.content: {len(content)} characters (at most {CONTENT})"
    size = sum(_embed_characters(embed) for embed in data.get("embeds") or [])
    if size > EMBED_CHARACTERS:
        yield f"{at}.embeds: {size} characters in all (at most {EMBED_CHARACTERS})"
    components = data.get("components") or []
    if len(components) > ACTION_ROWS and not (data.get("flags") or 0) & _COMPONENTS_V2:
        yield f"{at}.components: {len(components)} action rows (at most {ACTION_ROWS})"
    for component in walk_components(components):
        custom_id = component.get("custom_id") or ""
        if len(custom_id) > CUSTOM_ID:
            yield f"{at}.components: custom_id {custom_id!r} is over {CUSTOM_ID} characters"
        row = component.get("components") or []
        buttons = sum(1 for c in row if c.get("type") == _BUTTON)
        if component.get("type") == _ACTION_ROW and buttons > BUTTONS_PER_ROW:
            yield f"{at}.components: a row of {buttons} buttons (at most {BUTTONS_PER_ROW})"


def _file_problems(files: Sequence[SentFile], upload_limit: int) -> list[str]:
    problems = [
        f"files: {sent.filename} has {len(sent.data)} bytes (at most {upload_limit})"
        for sent in files
        if len(sent.data) > upload_limit
    ]
    if len(files) > FILES_PER_MESSAGE:
        problems.append(f"files: {len(files)} files (at most {FILES_PER_MESSAGE})")
    return problems


def _embed_characters(embed: Json) -> int:
    texts = [embed.get("title"), embed.get("description")]
    texts += [(embed.get("footer") or {}).get("text"), (embed.get("author") or {}).get("name")]
    for field in embed.get("fields") or []:
        texts += [field.get("name"), field.get("value")]
    return sum(len(text) for text in texts if text)
