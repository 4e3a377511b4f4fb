"""Settings: the pipeline's knobs live in one place (PipelineConfig) and keep their environment variables."""

from __future__ import annotations

from agents import PipelineConfig
from cli.main import main
from services import PIPELINE_ENV, Settings


def test_every_knob_of_the_pipeline_has_its_environment_variable():
    assert set(PIPELINE_ENV) == set(PipelineConfig.model_fields)


def test_the_environment_and_a_dotenv_file_set_the_pipeline_with_the_environment_first(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("RFPBOT_MAX_ITERATIONS=2\nRFPBOT_SEARCH_K=5\n", encoding="utf-8")
    monkeypatch.setenv("RFPBOT_SEARCH_K", "12")
    monkeypatch.setenv("RFPBOT_RUN_TIMEOUT", "30")
    pipeline = Settings().pipeline
    assert (pipeline.max_iterations, pipeline.search_k, pipeline.timeout_seconds) == (2, 12, 30.0)
    assert pipeline.quotes_per_source == PipelineConfig().quotes_per_source, "the rest keep their defaults"


def test_a_knob_given_by_name_goes_into_the_pipeline(monkeypatch):
    assert Settings(confidence_threshold=70, max_iterations=1).pipeline.model_dump(
        include={"confidence_threshold", "max_iterations"}) == {"confidence_threshold": 70, "max_iterations": 1}
    monkeypatch.setenv("RFPBOT_MAX_ITERATIONS", "2")
    monkeypatch.setenv("RFPBOT_SEARCH_K", "5")
    given = Settings(pipeline=PipelineConfig(max_iterations=1)).pipeline
    assert (given.max_iterations, given.search_k) == (1, 5), "a pipeline given whole wins where it says"


def test_a_knob_out_of_bounds_is_named_by_its_variable(monkeypatch, capsys):
    monkeypatch.setenv("RFPBOT_MAX_ITERATIONS", "99")
    assert main(["search", "SSO"]) == 2
    err = capsys.readouterr().err
    assert "invalid configuration" in err and "RFPBOT_MAX_ITERATIONS" in err and "less than or equal to 10" in err
