"""The list of recognizers Veil runs by default, in one place."""

from __future__ import annotations

from collections.abc import Iterable

from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.codes import (
    bank_account_recognizer,
    credit_card_recognizer,
    ssn_recognizer,
    tax_id_recognizer,
)
from proxy.recognizers.companies import company_recognizer
from proxy.recognizers.employers import employer_recognizer
from proxy.recognizers.ethnicity import ethnicity_recognizer
from proxy.recognizers.facilities import facility_recognizer
from proxy.recognizers.datetimes import (
    date_recognizer,
    duration_recognizer,
    short_date_recognizer,
    time_recognizer,
)
from proxy.recognizers.demographics import (
    age_recognizer,
    blood_type_recognizer,
    height_recognizer,
    weight_recognizer,
)
from proxy.recognizers.full_names import full_name_recognizer
from proxy.recognizers.gazetteer import gazetteer_recognizer
from proxy.recognizers.given_names import given_name_recognizer
from proxy.recognizers.handles import handle_recognizer
from proxy.recognizers.disability import disability_recognizer
from proxy.recognizers.education import degree_recognizer, school_recognizer, school_stage_recognizer
from proxy.recognizers.credentials import credential_recognizer
from proxy.recognizers.hashes import password_hash_recognizer
from proxy.recognizers.identifiers import labelled_id_recognizer
from proxy.recognizers.tables import table_column_recognizer
from proxy.recognizers.fields import field_value_recognizer
from proxy.recognizers.scripts import other_script_recognizer
from proxy.recognizers.landmarks import landmark_recognizer
from proxy.recognizers.medical import medical_condition_recognizer
from proxy.recognizers.nationality import nationality_recognizer
from proxy.recognizers.occupations import occupation_recognizer
from proxy.recognizers.network import email_recognizer, ip_recognizer
from proxy.recognizers.phones import phone_recognizer, spoken_phone_recognizer
from proxy.recognizers.places import place_recognizer
from proxy.recognizers.politics import politics_recognizer
from proxy.recognizers.religion import religion_recognizer
from proxy.recognizers.streets import street_recognizer
from proxy.recognizers.public_bodies import public_body_recognizer
from proxy.recognizers.quantities import credit_score_recognizer, money_recognizer, percentage_recognizer
from proxy.taxonomy import canonical_tag


def default_recognizers(tags: Iterable[str] | None = None) -> list[PatternRecognizer]:
    """Fresh instances of every built-in recognizer, or only those that can emit one of `tags`."""
    recognizers = [
        email_recognizer(),
        ip_recognizer(),
        phone_recognizer(),
        spoken_phone_recognizer(),
        ssn_recognizer(),
        credit_card_recognizer(),
        bank_account_recognizer(),
        tax_id_recognizer(),
        labelled_id_recognizer(),
        table_column_recognizer(),
        field_value_recognizer(),
        other_script_recognizer(),
        password_hash_recognizer(),
        credential_recognizer(),
        date_recognizer(),
        short_date_recognizer(),
        time_recognizer(),
        duration_recognizer(),
        money_recognizer(),
        percentage_recognizer(),
        credit_score_recognizer(),
        age_recognizer(),
        height_recognizer(),
        weight_recognizer(),
        blood_type_recognizer(),
        medical_condition_recognizer(),
        disability_recognizer(),
        handle_recognizer(),
        landmark_recognizer(),
        gazetteer_recognizer(),
        company_recognizer(),
        degree_recognizer(),
        school_recognizer(),
        school_stage_recognizer(),
        nationality_recognizer(),
        religion_recognizer(),
        occupation_recognizer(),
        employer_recognizer(),
        given_name_recognizer(),
        full_name_recognizer(),
        street_recognizer(),
        facility_recognizer(),
        public_body_recognizer(),
        place_recognizer(),
        ethnicity_recognizer(),
        politics_recognizer(),
    ]
    if tags is None:
        return recognizers
    wanted = {canonical_tag(tag) for tag in tags}
    return [r for r in recognizers if wanted.intersection(r.tags)]


def supported_tags() -> frozenset[str]:
    """Every tag some built-in recognizer can emit."""
    return frozenset(tag for recognizer in default_recognizers() for tag in recognizer.tags)
