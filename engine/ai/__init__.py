"""The AI: determinized search over what a seat cannot see, in three levels."""
