import pytest

from sync.classify import ChangeSet, classify

A, B, C = ("fa", "sa"), ("fb", "sb"), ("fc", "sc")


@pytest.mark.parametrize(
    ("indexed", "snapshot", "keep", "expected"),
    [
        ({}, {"1": A}, (), ChangeSet(new=("1",))),
        ({"1": A}, {"1": A}, (), ChangeSet(unchanged=("1",))),
        ({"1": A}, {"1": ("fa2", "sa")}, (), ChangeSet(metadata_only=("1",))),
        ({"1": A}, {"1": ("fa2", "sa2")}, (), ChangeSet(changed=("1",))),
        # a semantic change with an equal full hash cannot happen in practice, but is "changed"
        ({"1": A}, {"1": ("fa", "sa2")}, (), ChangeSet(changed=("1",))),
        ({"1": A}, {}, (), ChangeSet(deleted=("1",))),
        ({"1": A}, {}, ("1",), ChangeSet()),  # rejected this time: kept, never deleted
        (
            {"1": A, "2": B, "3": C, "4": A},
            {"2": ("fb2", "sb"), "3": ("fc2", "sc2"), "4": A, "5": C},
            (),
            ChangeSet(
                new=("5",), changed=("3",), metadata_only=("2",), deleted=("1",), unchanged=("4",)
            ),
        ),
    ],
)
def test_classify(indexed, snapshot, keep, expected):
    assert classify(indexed, snapshot, keep) == expected


def test_classes_are_disjoint_and_cover_every_id():
    indexed = {str(i): (f"f{i}", f"s{i}") for i in range(0, 100)}
    snapshot = {}
    for i in range(30, 130):
        full, sem = f"f{i}", f"s{i}"
        if i % 3 == 0:
            full += "x"
        if i % 5 == 0:
            sem += "y"
            full += "y"
        snapshot[str(i)] = (full, sem)
    changes = classify(indexed, snapshot)
    classes = [
        changes.new,
        changes.changed,
        changes.metadata_only,
        changes.deleted,
        changes.unchanged,
    ]
    flat = [pid for cls in classes for pid in cls]
    assert len(flat) == len(set(flat))
    assert set(flat) == set(indexed) | set(snapshot)
    assert changes.counts() == {
        "new": 30,
        "changed": 14,
        "metadata_only": 19,
        "deleted": 30,
        "unchanged": 37,
    }


def test_classify_is_deterministic_in_order():
    snapshot = {str(i): ("f", "s") for i in (5, 3, 9, 1)}
    assert classify({}, snapshot).new == ("1", "3", "5", "9")
