// The baseline: an executable that prints a line and links nothing of StepTree.
print(CommandLine.arguments.count > 5 ? "many" : "few")
