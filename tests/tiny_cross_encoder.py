"""A tiny, generated flashrank cross-encoder for tests (no weights download).

:func:`write_tiny_cross_encoder` writes ``cache_dir/<model_name>/`` in the layout
``flashrank.Ranker`` loads:

* ``<model_file_map[model_name]>``: an ONNX graph (built with ``onnx.helper``)
  taking ``input_ids``, ``attention_mask`` and ``token_type_ids`` (int64,
  ``[batch, seq]``) and returning ``logits`` (float, ``[batch, 1]``, so flashrank
  applies a sigmoid). The logit is ``BIAS + sum_w weight_w * count_w`` where
  ``count_w`` counts the keyword's token in the *passage* segment only
  (``token_type_ids == 1``, unpadded), so a passage mentioning a keyword scores
  higher whatever the query says.
* ``tokenizer.json``: a lower-casing WordLevel tokenizer over :data:`WORDS`, with
  a BERT pair template (``[CLS] query [SEP] passage [SEP]``, passage type id 1;
  flashrank only feeds ``token_type_ids`` when they are not all zero).
* ``config.json``, ``tokenizer_config.json``, ``special_tokens_map.json``: the
  keys flashrank reads (pad id and token, max length, special tokens).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

MODEL_NAME = "ms-marco-TinyBERT-L-2-v2"  # a name in flashrank's model_file_map
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORDS = (
    "waterproof jacket rain coat shell hood breathable warm winter summer light "
    "running shoe shoes trail boot sneaker leather cotton wool black blue red "
    "men women size cheap premium bag speaker headphones yoga mat"
).split()
BIAS = -1.0
DEFAULT_KEYWORDS: Mapping[str, float] = {"waterproof": 2.0}


def vocab() -> dict[str, int]:
    """Token → id: the specials first ([PAD] is 0), then :data:`WORDS`."""
    return {tok: i for i, tok in enumerate(dict.fromkeys([*SPECIALS, *WORDS]))}


def build_tokenizer() -> Tokenizer:
    """A lower-casing WordLevel tokenizer with the BERT single/pair templates."""
    ids = vocab()
    tok = Tokenizer(models.WordLevel(vocab=ids, unk_token="[UNK]"))
    tok.normalizer = normalizers.Sequence([normalizers.NFKC(), normalizers.Lowercase()])
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", ids["[CLS]"]), ("[SEP]", ids["[SEP]"])],
    )
    return tok


def build_model(keywords: Mapping[str, float] = DEFAULT_KEYWORDS) -> onnx.ModelProto:
    """The scoring graph: ``logits = BIAS + Σ weight · #(keyword in passage)``."""
    ids = vocab()
    seq = ["batch", "sequence"]
    inputs = [
        helper.make_tensor_value_info(name, TensorProto.INT64, seq)
        for name in ("input_ids", "attention_mask", "token_type_ids")
    ]
    output = helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", 1])
    inits = [
        numpy_helper.from_array(np.array([1], dtype=np.int64), "axes"),
        numpy_helper.from_array(np.array(BIAS, dtype=np.float32), "bias"),
    ]
    nodes = [
        # Passage tokens that are not padding: attention_mask * token_type_ids.
        helper.make_node("Mul", ["attention_mask", "token_type_ids"], ["passage_i"]),
        helper.make_node("Cast", ["passage_i"], ["passage"], to=TensorProto.FLOAT),
    ]
    terms = []
    for n, (word, weight) in enumerate(keywords.items()):
        inits += [
            numpy_helper.from_array(np.array(ids[word], dtype=np.int64), f"id_{n}"),
            numpy_helper.from_array(np.array(weight, dtype=np.float32), f"w_{n}"),
        ]
        nodes += [
            helper.make_node("Equal", ["input_ids", f"id_{n}"], [f"eq_{n}"]),
            helper.make_node("Cast", [f"eq_{n}"], [f"hit_{n}"], to=TensorProto.FLOAT),
            helper.make_node("Mul", [f"hit_{n}", "passage"], [f"in_passage_{n}"]),
            helper.make_node("ReduceSum", [f"in_passage_{n}", "axes"], [f"count_{n}"], keepdims=1),
            helper.make_node("Mul", [f"count_{n}", f"w_{n}"], [f"term_{n}"]),
        ]
        terms.append(f"term_{n}")
    nodes.append(helper.make_node("Sum", ["bias", *terms], ["logits"]))
    graph = helper.make_graph(nodes, "tiny_cross_encoder", inputs, [output], initializer=inits)
    model = helper.make_model(
        graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="aisle-tests"
    )
    model.ir_version = 8  # loadable by any recent onnxruntime
    onnx.checker.check_model(model, full_check=True)
    return model


def write_tiny_cross_encoder(
    cache_dir: Path | str,
    model_name: str = MODEL_NAME,
    keywords: Mapping[str, float] = DEFAULT_KEYWORDS,
) -> Path:
    """Write the model folder flashrank loads; returns ``cache_dir/model_name``."""
    from flashrank.Config import model_file_map

    folder = Path(cache_dir) / model_name
    folder.mkdir(parents=True, exist_ok=True)
    onnx.save(build_model(keywords), str(folder / model_file_map[model_name]))
    build_tokenizer().save(str(folder / "tokenizer.json"))
    files = {
        "config.json": {"model_type": "bert", "pad_token_id": 0, "num_labels": 1},
        "tokenizer_config.json": {
            "model_max_length": 64,
            "pad_token": "[PAD]",
            "unk_token": "[UNK]",
            "do_lower_case": True,
        },
        "special_tokens_map.json": {
            "pad_token": "[PAD]",
            "unk_token": "[UNK]",
            "cls_token": "[CLS]",
            "sep_token": "[SEP]",
            "mask_token": {"content": "[MASK]", "single_word": False, "special": True},
        },
    }
    for name, data in files.items():
        (folder / name).write_text(json.dumps(data, indent=2), encoding="utf-8")
    return folder
