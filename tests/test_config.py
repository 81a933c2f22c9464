"""Settings precedence (defaults < file < env < flags), validation, and saving."""

import pytest

from proxy.config import ConfigError, Settings, load_settings, save_settings
from proxy.policy import PolicyError


def test_precedence_file_env_flags(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('port = 9000\npolicy = "all"\nnever_mask = ["City/Region"]\nupstream = "http://up/v1"\n')
    settings = load_settings(path, env={"VEIL_PORT": "9100", "VEIL_ALWAYS_MASK": "Tax ID, Credit Card"}, policy="off")
    assert settings.port == 9100
    assert settings.policy == "off"
    assert settings.never_mask == ("City/Region",)
    assert settings.always_mask == ("Tax ID", "Credit Card")
    assert settings.upstream == "http://up/v1"


def test_defaults_bind_loopback_with_the_local_model(tmp_path):
    settings = load_settings(tmp_path / "missing.toml", env={})
    assert (settings.host, settings.port, settings.upstream) == ("127.0.0.1", 8787, None)
    assert settings.max_body_bytes == 10 * 1024 * 1024


@pytest.mark.parametrize("content, error", [
    ("port = 'abc'", ConfigError), ("colour = 'red'", ConfigError), ("policy = 'most'", PolicyError),
    ("upstream = 'ftp://x'", ConfigError), ("port = 70000", ConfigError), ("port = ", ConfigError),
    ("never_mask = ['Shoe Size']", PolicyError),
])
def test_bad_settings_are_clear_errors(tmp_path, content, error):
    path = tmp_path / "config.toml"
    path.write_text(content)
    with pytest.raises(error):
        load_settings(path, env={})


def test_save_round_trip_keeps_only_changes_and_never_the_token(tmp_path):
    path = tmp_path / "c.toml"
    settings = Settings(port=9001, never_mask=("Age",), access_token="sekrit")
    save_settings(settings, path)
    text = path.read_text()
    assert "sekrit" not in text and "host" not in text
    assert load_settings(path, env={}).never_mask == ("Age",)


def test_query_aware_relevance_is_on_by_default_and_can_be_switched_off(tmp_path):
    assert load_settings(tmp_path / "missing.toml", env={}).relevance == "smollm2-lora"
    assert load_settings(tmp_path / "missing.toml", env={"VEIL_RELEVANCE": ""}).relevance is None
    path = tmp_path / "c.toml"
    save_settings(Settings(relevance=None), path)
    assert load_settings(path, env={}).relevance is None  # "off" survives a save
