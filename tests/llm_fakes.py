"""A scripted fake chat model for the LLM path (no network, fully deterministic).

``ScriptedChatModel`` stands in for ``ChatOpenAI`` behind ``graph.llm.load_chat_model``:

* ``model.with_structured_output(schema, method=...)`` returns an object whose
  ``.invoke(messages)`` pops the next scripted *intent* answer: an ``IntentOutput``,
  a dict (validated by the caller), an exception instance (raised) or a callable
  ``(messages) -> answer``;
* ``model.invoke(messages)`` pops the next scripted *reply*: a string (wrapped in an
  ``AIMessage``), an ``AIMessage``, an exception instance (raised) or a callable.

Every call is recorded (``intent_calls``, ``reply_calls``) with the messages it got.
When a script runs out, the last entry is repeated (``repeat_last=True``, the
default) or ``AssertionError`` is raised, which the LLM path would swallow as
a failure, so tests assert on the recorded calls as well.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage


@dataclass
class Call:
    """One call the fake received."""

    messages: list[Any]
    schema: Any = None
    method: str | None = None

    @property
    def system(self) -> str:
        return _content(self.messages, "system")

    @property
    def human(self) -> str:
        return _content(self.messages, "human")


def _content(messages: Sequence[Any], role: str) -> str:
    for message in messages:
        if isinstance(message, tuple) and message[0] == role:
            return str(message[1])
        if getattr(message, "type", None) == role:
            return str(message.content)
    return ""


def _play(answer: Any, messages: list[Any]) -> Any:
    if isinstance(answer, BaseException):
        raise answer
    if isinstance(answer, type) and issubclass(answer, BaseException):
        raise answer("scripted failure")
    if callable(answer) and not isinstance(answer, AIMessage):
        return _play(answer(messages), messages)
    return answer


@dataclass
class _Structured:
    model: ScriptedChatModel
    schema: Any
    method: str | None

    def invoke(self, messages: Any, *args: Any, **kwargs: Any) -> Any:
        messages = list(messages)
        self.model.intent_calls.append(Call(messages, self.schema, self.method))
        return _play(self.model._next(self.model.intents, "intent"), messages)


@dataclass
class ScriptedChatModel:
    """A fake chat model answering from scripts; records what it was asked."""

    intents: list[Any] = field(default_factory=list)
    replies: list[Any] = field(default_factory=list)
    repeat_last: bool = True
    intent_calls: list[Call] = field(default_factory=list)
    reply_calls: list[Call] = field(default_factory=list)

    def _next(self, script: list[Any], what: str) -> Any:
        if not script:
            raise AssertionError(f"ScriptedChatModel: no scripted {what} answer left")
        if len(script) == 1 and self.repeat_last:
            return script[0]
        return script.pop(0)

    def with_structured_output(self, schema: Any, *, method: str | None = None, **kwargs: Any):
        return _Structured(self, schema, method)

    def invoke(self, messages: Any, *args: Any, **kwargs: Any) -> AIMessage:
        messages = list(messages)
        self.reply_calls.append(Call(messages))
        answer = _play(self._next(self.replies, "reply"), messages)
        return answer if isinstance(answer, AIMessage) else AIMessage(content=str(answer))


def patch_chat_model(monkeypatch: Any, model: Any) -> Callable[..., Any]:
    """Make ``load_chat_model`` return ``model`` in ``graph.llm`` and the nodes that call it."""
    import graph.llm
    import graph.reply_node
    import graph.understand_node

    def load(ctx: Any) -> Any:
        return model

    monkeypatch.setattr(graph.llm, "load_chat_model", load)
    monkeypatch.setattr(graph.understand_node, "load_chat_model", load)
    monkeypatch.setattr(graph.reply_node, "load_chat_model", load)
    return load
