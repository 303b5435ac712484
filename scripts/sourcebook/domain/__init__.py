"""Domain layer: workspace-aware operations. Returns values and findings; never prints."""
