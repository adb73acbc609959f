"""Doctor (rulebook: Survivors, Doctor)."""

from __future__ import annotations

from engine.unknown.survivors.trait import ResourceSpecialist, trait


@trait
class Doctor(ResourceSpecialist):
    """Medicine costs him 1 less, never below 1; gathering medicine or using it up costs 0 AP.

    Applies ``unknown.survivor.doctor.medicine-discount``, ``unknown.survivor.doctor.free-ap``,
    ``unknown.survivor.doctor.trade-excluded`` (Trade uses up nothing) and
    ``unknown.survivor.doctor.scope`` (any action whose cost includes medicine, mission-defined
    ones too).
    """

    card = "doctor"
    resource = "medicine"
