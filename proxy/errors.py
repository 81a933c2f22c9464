"""Errors in OpenAI's JSON format, so every client SDK shows them properly."""

from __future__ import annotations

from starlette.responses import JSONResponse


def error_body(message: str, type_: str, param: str | None = None, code: str | None = None) -> dict:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def openai_error(
    status: int,
    message: str,
    type_: str = "invalid_request_error",
    param: str | None = None,
    code: str | None = None,
) -> JSONResponse:
    return JSONResponse(error_body(message, type_, param, code), status_code=status)
