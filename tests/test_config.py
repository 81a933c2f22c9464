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
    ("never_mask = ['Shoe Size']", PolicyError), ("detectors = []", ConfigError),
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


def test_the_trained_model_detects_by_default_and_patterns_only_survives_a_save(tmp_path):
    assert load_settings(tmp_path / "missing.toml", env={}).detectors == ("patterns", "gliner")
    assert load_settings(tmp_path / "missing.toml", env={"VEIL_DETECTORS": "patterns"}).detectors == ("patterns",)
    path = tmp_path / "c.toml"
    save_settings(Settings(detectors=("patterns",)), path)
    assert 'detectors = [\n    "patterns",\n]' in path.read_text() or 'detectors = ["patterns"]' in path.read_text()
    assert load_settings(path, env={}).detectors == ("patterns",)  # an explicit opt-out is kept
    save_settings(Settings(), path)
    assert "detectors" not in path.read_text()  # the default is not pinned: a later default applies


def test_the_desktop_bundle_defaults_keep_gliner_and_a_user_choice_is_kept(tmp_path, monkeypatch):
    """packaging/veil.spec copies veil-bundle-defaults.toml into the frozen app (sys._MEIPASS)."""
    import shutil
    import sys
    from pathlib import Path

    assert Settings(detectors=("patterns",)).detection_note().endswith("turn it on with detectors = "
                                                                       '["patterns", "gliner"]).')
    assert Settings().detection_note() is None
    bundle = tmp_path / "_internal"
    bundle.mkdir()
    shutil.copy(Path(__file__).parent.parent / "packaging" / "veil-bundle-defaults.toml", bundle)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)

    settings = load_settings(tmp_path / "missing.toml", env={})
    assert settings.detectors == ("patterns", "gliner")  # the bundle runs GLiNER from its prebuilt export
    assert settings.detection_note() is None
    path = tmp_path / "c.toml"
    save_settings(settings, path)
    assert "detectors" not in path.read_text()  # the bundle's default, not pinned
    save_settings(Settings(detectors=("patterns",)), path)
    off = load_settings(path, env={})
    assert off.detectors == ("patterns",)  # an explicit choice is kept
    assert "names, street addresses" in off.detection_note()
