"""Training the Veil GLiNER detector: data preparation, training, export, model card.

`python -m local_models.training.train_gliner --help` for the training run.
"""
