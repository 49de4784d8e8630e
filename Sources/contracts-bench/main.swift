// Placeholder: the benchmark is being written.
print("contracts-bench: not written yet")
