"""claimeval"""
